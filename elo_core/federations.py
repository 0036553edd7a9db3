"""The federations of FIDE, by the three-letter codes report files use (B.01 1.4.2–1.4.4).

The codes are those of FIDE's rating site's list of federations (202 codes), as recorded by
Lichess's FIDE module (lichess-org/lila, ``modules/fide``), which copies that list. A code
missing here is read as an unknown federation: the norm rules then call a requirement that
depends on it undecided, never met, so a code FIDE adds later costs a verdict, not a wrong one.

``FID`` is not in the list: it marks a player registered with FIDE under no federation
(:data:`NO_FEDERATION`), who counts for no federation rule (B.01 1.4.2a and the Qualification
Commission's clarification of 2026, as an arbiters' program reads them; see
:mod:`elo_core.norms`).
"""

from __future__ import annotations

__all__ = ["FEDERATIONS", "NO_FEDERATION"]

#: FIDE's code for a player registered with FIDE under no federation.
NO_FEDERATION = "FID"

#: Every FIDE federation's code.
FEDERATIONS: frozenset[str] = frozenset({
    "AFG", "AHO", "ALB", "ALG", "AND", "ANG", "ANT", "ARG", "ARM", "ARU", "AUS", "AUT", "AZE",
    "BAH", "BAN", "BAR", "BDI", "BEL", "BER", "BHU", "BIH", "BIZ", "BLR", "BOL", "BOT", "BRA",
    "BRN", "BRU", "BUL", "BUR", "CAF", "CAM", "CAN", "CAY", "CHA", "CHI", "CHN", "CIV", "CMR",
    "COD", "COL", "COM", "CPV", "CRC", "CRO", "CUB", "CYP", "CZE", "DEN", "DJI", "DMA", "DOM",
    "ECU", "EGY", "ENG", "ERI", "ESA", "ESP", "EST", "ETH", "FAI", "FIJ", "FIN", "FRA", "GAB",
    "GAM", "GCI", "GEO", "GEQ", "GER", "GHA", "GRE", "GRN", "GUA", "GUM", "GUY", "HAI", "HKG",
    "HON", "HUN", "INA", "IND", "IOM", "IRI", "IRL", "IRQ", "ISL", "ISR", "ISV", "ITA", "IVB",
    "JAM", "JCI", "JOR", "JPN", "KAZ", "KEN", "KGZ", "KOR", "KOS", "KSA", "KUW", "LAO", "LAT",
    "LBA", "LBN", "LBR", "LCA", "LES", "LIE", "LTU", "LUX", "MAC", "MAD", "MAR", "MAS", "MAW",
    "MDA", "MDV", "MEX", "MGL", "MKD", "MLI", "MLT", "MNC", "MNE", "MOZ", "MRI", "MTN", "MYA",
    "NAM", "NCA", "NED", "NEP", "NGR", "NIG", "NOR", "NRU", "NZL", "OMA", "PAK", "PAN", "PAR",
    "PER", "PHI", "PLE", "PLW", "PNG", "POL", "POR", "PUR", "QAT", "ROU", "RSA", "RUS", "RWA",
    "SCO", "SEN", "SEY", "SGP", "SKN", "SLE", "SLO", "SMR", "SOL", "SOM", "SRB", "SRI", "SSD",
    "STP", "SUD", "SUI", "SUR", "SVK", "SWE", "SWZ", "SYR", "TAN", "TGA", "THA", "TJK", "TKM",
    "TLS", "TOG", "TPE", "TTO", "TUN", "TUR", "UAE", "UGA", "UKR", "URU", "USA", "UZB", "VAN",
    "VEN", "VIE", "VIN", "WLS", "YEM", "ZAM", "ZIM",
})
