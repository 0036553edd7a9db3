"""The site generator: content/ and site_src/ in, dist/ out.

One module per stage: ``content`` reads the articles, ``markup`` turns their
Markdown (with build-time expressions and formulas) into HTML, ``i18n`` reads
the UI catalogs, ``browser_messages`` holds what the page's scripts say and
``number_format`` each language's numbers, ``assets`` copies and fingerprints static
files, ``render`` fills the templates, ``pipeline`` runs the stages (its docstring
lists them in order) into a temporary folder and swaps it into place.
"""
