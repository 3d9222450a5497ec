"""The lieux game uses the same one-int splitmix64 RNG as Oriflamme (its state lives in the position)."""

from ..rng import MASK, below, next_u64, shuffle

__all__ = ["MASK", "below", "next_u64", "shuffle"]
