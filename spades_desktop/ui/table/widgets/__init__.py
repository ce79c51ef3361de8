"""The things drawn on the table, one small module each (``base.TableWidget``)."""
