"""The engine's hashes give hashlib's digests: a deal from a seed, a position's seed and a save's
fingerprint do not change with where the hash comes from."""

from __future__ import annotations

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from spades_desktop.engine import digests


@given(st.binary(max_size=300), st.integers(min_value=1, max_value=400))
def test_the_digests_are_hashlib_s(data: bytes, length: int):
    assert digests.shake_256(data).digest(length) == hashlib.shake_256(data).digest(length)
    assert digests.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()

