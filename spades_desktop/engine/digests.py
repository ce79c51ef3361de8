"""The two hashes the game uses, from the interpreter's own modules rather than ``hashlib``.

Why: ``hashlib`` loads OpenSSL's library when it is imported, 3-4 ms of every start (the window's
before its first frame, and each worker's); SHAKE-256 and SHA-256 are standard, so the builtin
modules give the very same digests (a deal from a seed, a position's seed, a save's fingerprint
stay as they were).  ``hashlib`` stands in where an interpreter lacks them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Hasher = Callable[[bytes], Any]  # (a hash object: digest(), hexdigest())

try:
    from _sha3 import shake_256 as _shake_256  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - (an interpreter built without it)
    from hashlib import shake_256 as _shake_256
try:
    from _sha2 import sha256 as _sha256  # type: ignore[import-not-found, unused-ignore]  # Python 3.12+
except ImportError:
    try:
        from _sha256 import sha256 as _sha256  # type: ignore[import-not-found, no-redef, unused-ignore]
    except ImportError:  # pragma: no cover
        from hashlib import sha256 as _sha256  # type: ignore[assignment, unused-ignore]

shake_256: Hasher = _shake_256
sha256: Hasher = _sha256
