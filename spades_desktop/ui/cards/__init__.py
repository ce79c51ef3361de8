"""The cards: faces and backs drawn at the size the window needs, and the sprites the table moves."""
