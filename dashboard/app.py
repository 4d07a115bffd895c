"""fabricwatch dashboard entry point: language switch and navigation only; pages live in dashboard/views/ (not pages/: with st.navigation, a pages/ folder beside the entry point puts Streamlit in its legacy multipage mode for the first session)."""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

# `streamlit run dashboard/app.py` puts dashboard/ on sys.path, not the project root.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dashboard import i18n  # noqa: E402  (needs the path above)
from dashboard.i18n import t  # noqa: E402
from dashboard.pages_index import PAGES  # noqa: E402

st.set_page_config(page_title="fabricwatch", page_icon=":material/hub:", layout="wide")

# The reader's language: the switch below, first set from ?lang= (a shared link) or FABRICWATCH_LANG.
if i18n.normalize(st.session_state.get(i18n.STATE_KEY)) is None:
    st.session_state[i18n.STATE_KEY] = i18n.current()
st.sidebar.segmented_control(
    t("lang.switch"),
    list(i18n.LANGUAGES),
    format_func=i18n.LANGUAGES.get,
    key=i18n.STATE_KEY,
    help=t("lang.switch_help"),
    width="stretch",
)
lang = i18n.current()  # a cleared switch falls back to the address's language
if st.query_params.get(i18n.QUERY_PARAM) != lang:
    st.query_params[i18n.QUERY_PARAM] = lang  # so a copied link opens in the same language

PAGE_DIR = Path(__file__).parent / "views"
nav = st.navigation(
    {
        section: [
            st.Page(str(PAGE_DIR / p.file), title=p.label(lang), icon=p.icon, url_path=p.url_path, default=p.default)
            for p in PAGES
            if p.section_label(lang) == section
        ]
        for section in dict.fromkeys(p.section_label(lang) for p in PAGES)
    },
    expanded=True,
)  # every page listed: no English "View more" in the sidebar
nav.run()
