"""FIDE's rating tables as data (no logic here; see :mod:`elo_core.fide`).

Source: FIDE Handbook B.02, FIDE Rating Regulations effective from 1 March 2024
(amended 1 October 2025), table 8.1.1 (older editions: 8.1(a)) and table
8.1.2 (older editions: 8.1(b)). Typed from FIDE's tables; the rows are in the
regulations' order.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DpEntry", "FIDE_TABLE_8_1_1", "FIDE_TABLE_8_1_2", "PdBand"]


@dataclass(frozen=True, slots=True)
class DpEntry:
    """A row of table 8.1.1: fractional score ``p`` → rating difference ``dp``."""

    p: float
    dp: int


@dataclass(frozen=True, slots=True)
class PdBand:
    """A row of table 8.1.2: for a rating difference from ``d_min`` to ``d_max``
    (both whole numbers, inclusive; ``None`` = no upper end), the expected score
    of the higher rated player (``pd_higher``) and of the lower (``pd_lower``)."""

    d_min: int
    d_max: int | None
    pd_higher: float
    pd_lower: float


#: FIDE B.02 table 8.1.1: p (two decimals, 1.00 down to 0.00) → dp.
#: p = 1.00 and p = 0.00 are notional (±800).
FIDE_TABLE_8_1_1: tuple[DpEntry, ...] = (
    DpEntry(1.00, 800),
    DpEntry(0.99, 677),
    DpEntry(0.98, 589),
    DpEntry(0.97, 538),
    DpEntry(0.96, 501),
    DpEntry(0.95, 470),
    DpEntry(0.94, 444),
    DpEntry(0.93, 422),
    DpEntry(0.92, 401),
    DpEntry(0.91, 383),
    DpEntry(0.90, 366),
    DpEntry(0.89, 351),
    DpEntry(0.88, 336),
    DpEntry(0.87, 322),
    DpEntry(0.86, 309),
    DpEntry(0.85, 296),
    DpEntry(0.84, 284),
    DpEntry(0.83, 273),
    DpEntry(0.82, 262),
    DpEntry(0.81, 251),
    DpEntry(0.80, 240),
    DpEntry(0.79, 230),
    DpEntry(0.78, 220),
    DpEntry(0.77, 211),
    DpEntry(0.76, 202),
    DpEntry(0.75, 193),
    DpEntry(0.74, 184),
    DpEntry(0.73, 175),
    DpEntry(0.72, 166),
    DpEntry(0.71, 158),
    DpEntry(0.70, 149),
    DpEntry(0.69, 141),
    DpEntry(0.68, 133),
    DpEntry(0.67, 125),
    DpEntry(0.66, 117),
    DpEntry(0.65, 110),
    DpEntry(0.64, 102),
    DpEntry(0.63, 95),
    DpEntry(0.62, 87),
    DpEntry(0.61, 80),
    DpEntry(0.60, 72),
    DpEntry(0.59, 65),
    DpEntry(0.58, 57),
    DpEntry(0.57, 50),
    DpEntry(0.56, 43),
    DpEntry(0.55, 36),
    DpEntry(0.54, 29),
    DpEntry(0.53, 21),
    DpEntry(0.52, 14),
    DpEntry(0.51, 7),
    DpEntry(0.50, 0),
    DpEntry(0.49, -7),
    DpEntry(0.48, -14),
    DpEntry(0.47, -21),
    DpEntry(0.46, -29),
    DpEntry(0.45, -36),
    DpEntry(0.44, -43),
    DpEntry(0.43, -50),
    DpEntry(0.42, -57),
    DpEntry(0.41, -65),
    DpEntry(0.40, -72),
    DpEntry(0.39, -80),
    DpEntry(0.38, -87),
    DpEntry(0.37, -95),
    DpEntry(0.36, -102),
    DpEntry(0.35, -110),
    DpEntry(0.34, -117),
    DpEntry(0.33, -125),
    DpEntry(0.32, -133),
    DpEntry(0.31, -141),
    DpEntry(0.30, -149),
    DpEntry(0.29, -158),
    DpEntry(0.28, -166),
    DpEntry(0.27, -175),
    DpEntry(0.26, -184),
    DpEntry(0.25, -193),
    DpEntry(0.24, -202),
    DpEntry(0.23, -211),
    DpEntry(0.22, -220),
    DpEntry(0.21, -230),
    DpEntry(0.20, -240),
    DpEntry(0.19, -251),
    DpEntry(0.18, -262),
    DpEntry(0.17, -273),
    DpEntry(0.16, -284),
    DpEntry(0.15, -296),
    DpEntry(0.14, -309),
    DpEntry(0.13, -322),
    DpEntry(0.12, -336),
    DpEntry(0.11, -351),
    DpEntry(0.10, -366),
    DpEntry(0.09, -383),
    DpEntry(0.08, -401),
    DpEntry(0.07, -422),
    DpEntry(0.06, -444),
    DpEntry(0.05, -470),
    DpEntry(0.04, -501),
    DpEntry(0.03, -538),
    DpEntry(0.02, -589),
    DpEntry(0.01, -677),
    DpEntry(0.00, -800),
)

#: FIDE B.02 table 8.1.2: rating difference D → PD for the higher and the lower
#: rated player. D above 735 → 1.00 / 0.00.
FIDE_TABLE_8_1_2: tuple[PdBand, ...] = (
    PdBand(0, 3, 0.50, 0.50),
    PdBand(4, 10, 0.51, 0.49),
    PdBand(11, 17, 0.52, 0.48),
    PdBand(18, 25, 0.53, 0.47),
    PdBand(26, 32, 0.54, 0.46),
    PdBand(33, 39, 0.55, 0.45),
    PdBand(40, 46, 0.56, 0.44),
    PdBand(47, 53, 0.57, 0.43),
    PdBand(54, 61, 0.58, 0.42),
    PdBand(62, 68, 0.59, 0.41),
    PdBand(69, 76, 0.60, 0.40),
    PdBand(77, 83, 0.61, 0.39),
    PdBand(84, 91, 0.62, 0.38),
    PdBand(92, 98, 0.63, 0.37),
    PdBand(99, 106, 0.64, 0.36),
    PdBand(107, 113, 0.65, 0.35),
    PdBand(114, 121, 0.66, 0.34),
    PdBand(122, 129, 0.67, 0.33),
    PdBand(130, 137, 0.68, 0.32),
    PdBand(138, 145, 0.69, 0.31),
    PdBand(146, 153, 0.70, 0.30),
    PdBand(154, 162, 0.71, 0.29),
    PdBand(163, 170, 0.72, 0.28),
    PdBand(171, 179, 0.73, 0.27),
    PdBand(180, 188, 0.74, 0.26),
    PdBand(189, 197, 0.75, 0.25),
    PdBand(198, 206, 0.76, 0.24),
    PdBand(207, 215, 0.77, 0.23),
    PdBand(216, 225, 0.78, 0.22),
    PdBand(226, 235, 0.79, 0.21),
    PdBand(236, 245, 0.80, 0.20),
    PdBand(246, 256, 0.81, 0.19),
    PdBand(257, 267, 0.82, 0.18),
    PdBand(268, 278, 0.83, 0.17),
    PdBand(279, 290, 0.84, 0.16),
    PdBand(291, 302, 0.85, 0.15),
    PdBand(303, 315, 0.86, 0.14),
    PdBand(316, 328, 0.87, 0.13),
    PdBand(329, 344, 0.88, 0.12),
    PdBand(345, 357, 0.89, 0.11),
    PdBand(358, 374, 0.90, 0.10),
    PdBand(375, 391, 0.91, 0.09),
    PdBand(392, 411, 0.92, 0.08),
    PdBand(412, 432, 0.93, 0.07),
    PdBand(433, 456, 0.94, 0.06),
    PdBand(457, 484, 0.95, 0.05),
    PdBand(485, 517, 0.96, 0.04),
    PdBand(518, 559, 0.97, 0.03),
    PdBand(560, 619, 0.98, 0.02),
    PdBand(620, 735, 0.99, 0.01),
    PdBand(736, None, 1.00, 0.00),
)
