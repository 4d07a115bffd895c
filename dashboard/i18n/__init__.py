"""The dashboard's two languages, English (en) and Traditional Chinese (zh-TW), from one catalog.

`t(key, **fmt)` returns the text of `key` in the reader's language (catalog.toml holds every key in
both). Column labels stay where the data dictionary puts them (COMMENT ON, English); their zh-TW
names live in dictionary.zh-TW.toml, keyed by column name, with the English label as fallback.
Source evidence, titles and subjects are data and are never translated.

The reader's language: the sidebar switch (st.session_state["lang"]), else `?lang=` in the URL,
else FABRICWATCH_LANG, else English. Read at call time, so a test or a new session sees changes.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from dashboard.i18n.numbers import format_amount, format_exact, format_share  # noqa: F401  (re-exported)
from sources import settings

LANGUAGES = {"en": "English", "zh-TW": "繁體中文"}
DEFAULT = "en"
STATE_KEY = "lang"  # st.session_state key of the sidebar switch
QUERY_PARAM = "lang"  # ?lang=zh-TW
ENV = settings.LANG
HERE = Path(__file__).parent
CATALOG = HERE / "catalog.toml"
DICTIONARY = HERE / "dictionary.zh-TW.toml"
_ALIASES = {
    "zh-tw": "zh-TW",
    "zh_tw": "zh-TW",
    "zh-hant": "zh-TW",
    "zh-hant-tw": "zh-TW",
    "zh": "zh-TW",
    "tw": "zh-TW",
    "en": "en",
    "en-us": "en",
    "en_us": "en",
    "en-gb": "en",
}


def normalize(code: object) -> str | None:
    """ "zh-tw", "zh_TW", "zh-Hant" -> "zh-TW"; "en-US" -> "en"; anything else -> None."""
    if not isinstance(code, str):
        return None
    return _ALIASES.get(code.strip().lower())


def default_language() -> str:
    """FABRICWATCH_LANG (read now, not at import), else English."""
    return normalize(settings.language()) or DEFAULT


def _streamlit_running() -> bool:
    try:
        from streamlit.runtime.scriptrunner import get_script_run_ctx
    except ImportError:  # pragma: no cover
        return False
    return get_script_run_ctx(suppress_warning=True) is not None


def current() -> str:
    """The reader's language for this script run (outside Streamlit: FABRICWATCH_LANG)."""
    if _streamlit_running():
        import streamlit as st

        chosen = normalize(st.session_state.get(STATE_KEY))
        if chosen:
            return chosen
        from_url = normalize(st.query_params.get(QUERY_PARAM))
        if from_url:
            return from_url
    return default_language()


@cache
def catalog() -> dict[str, dict[str, str]]:
    """key -> {"en": ..., "zh-TW": ...}: catalog.toml's nested tables flattened to dotted keys."""
    with CATALOG.open("rb") as fh:
        raw = tomllib.load(fh)
    out: dict[str, dict[str, str]] = {}

    def walk(prefix: str, node: dict) -> None:
        for name, value in node.items():
            key = f"{prefix}.{name}" if prefix else name
            if isinstance(value, dict) and value and set(value) <= set(LANGUAGES):
                out[key] = value
            elif isinstance(value, dict):
                walk(key, value)
            else:
                raise ValueError(f"catalog entry {key} is not a table of languages")

    walk("", raw)
    return out


@cache
def dictionary() -> dict[str, dict[str, str]]:
    """zh-TW names of warehouse columns ("columns") and relation summaries ("relations"); indicator names are the
    warehouse's (core.vocabulary, from sources/curated/vocabulary/indicators.csv: dashboard.data.indicator_names)."""
    with DICTIONARY.open("rb") as fh:
        raw = tomllib.load(fh)
    return {part: dict(raw.get(part, {})) for part in ("columns", "relations")}


def t(key: str, lang: str | None = None, **fmt) -> str:
    """The text of `key` in `lang` (default: the reader's), formatted with `fmt`; English when a language lacks it.

    A key missing from the catalog comes back as itself (the catalog test fails on any such key in the code).
    """
    entry = catalog().get(key)
    if entry is None:
        return key
    text = entry.get(lang or current()) or entry.get(DEFAULT, key)
    return text.format(**fmt) if fmt else text


def t_or(key: str, fallback: str, lang: str | None = None, **fmt) -> str:
    """Like t(), for keys built from data (a status, a page's url path): `fallback` when the catalog has no such key."""
    return t(key, lang, **fmt) if key in catalog() else fallback


def localize_labels(labels: dict[str, str], lang: str | None = None) -> dict[str, str]:
    """Column labels in the reader's language: zh-TW names from the dictionary catalog, else the English label."""
    if (lang or current()) == DEFAULT:
        return dict(labels)
    names = dictionary()["columns"]
    return {col: names.get(col, label) for col, label in labels.items()}


def column_label(column: str, english: str, lang: str | None = None) -> str:
    if (lang or current()) == DEFAULT:
        return english
    return dictionary()["columns"].get(column, english)


def relation_summary(relation: str, english: str, lang: str | None = None) -> str:
    """A mart's one-line description: its zh-TW summary when the catalog has one, else the English comment."""
    if (lang or current()) == DEFAULT:
        return english
    return dictionary()["relations"].get(relation, english)


def unit_name(unit: str | None, lang: str | None = None) -> str:
    """A unit as the reader writes it after a number ("ports" -> "個埠" in zh-TW); unknown units as they are."""
    if not unit:
        return ""
    return t_or(f"unit.{unit}", unit, lang)
