"""``build.py i18n``: extract UI strings into the template, update each catalog."""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from sitegen.config import SiteConfig
from sitegen.i18n import untranslated

__all__ = ["extract", "update_catalogs", "write_catalog"]

# Where UI strings live and how to read them (the same as babel.cfg for pybabel).
METHOD_MAP = [
    ("site_src/sitegen/**.py", "python"),
    ("site_src/templates/**.html", "jinja2"),
    ("site_src/templates/**.webmanifest", "jinja2"),
]
_JINJA_OPTIONS = {"extensions": "jinja2.ext.i18n", "trim_blocks": "True", "lstrip_blocks": "True"}
OPTIONS_MAP = {
    "site_src/templates/**.html": _JINJA_OPTIONS,
    "site_src/templates/**.webmanifest": _JINJA_OPTIONS,
}


def extract(config: SiteConfig) -> Catalog:
    """Every translatable string in the generator's code and the templates."""
    catalog = Catalog(project="elo-site", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        config.root, METHOD_MAP, OPTIONS_MAP
    ):
        if filename.startswith("site_src/"):
            catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def write_catalog(path: Path, catalog: Catalog) -> None:
    """``catalog`` as the project keeps its .po files (sorted, no locations, 100 columns)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, no_location=True, omit_header=False, sort_output=True,
             width=100)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def update_catalogs(config: SiteConfig) -> None:
    """Write messages.pot and merge it into each language's messages.po."""
    locales = config.source_dir / "locales"
    template = extract(config)
    write_catalog(locales / "messages.pot", template)
    for lang in config.languages:
        if lang == "en":
            continue
        path = locales / lang / "LC_MESSAGES" / "messages.po"
        if not path.is_file():
            print(f"{path}: missing (./dev add-language {lang} <name> creates a language's catalog)")
            continue
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        catalog.update(template, update_creation_date=False)
        write_catalog(path, catalog)
        missing = untranslated(catalog)
        print(f"{path}: {len(missing)} untranslated" + "".join(f"\n  {m}" for m in missing))
