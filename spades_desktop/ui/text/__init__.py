"""What the screens say, as plain functions and data without pygame (tested without a window)."""
