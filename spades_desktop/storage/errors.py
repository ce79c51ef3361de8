"""The one error type of the storage: whatever a file holds, reading it raises only this."""

from __future__ import annotations


class StorageError(ValueError):
    """A file that cannot be used; the message says why in one plain sentence."""
