"""fabricwatch dashboard entry point: navigation only; pages live in dashboard/views/ (not pages/: with st.navigation, a pages/ folder beside the entry point puts Streamlit in its legacy multipage mode for the first session)."""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

# `streamlit run dashboard/app.py` puts dashboard/ on sys.path, not the project root.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dashboard.pages_index import PAGES  # noqa: E402  (needs the path above)

st.set_page_config(page_title="fabricwatch", page_icon=":material/hub:", layout="wide")

PAGE_DIR = Path(__file__).parent / "views"
nav = st.navigation({
    section: [st.Page(str(PAGE_DIR / p.file), title=p.title, icon=p.icon, url_path=p.url_path, default=p.default)
              for p in PAGES if p.section == section]
    for section in dict.fromkeys(p.section for p in PAGES)
})
nav.run()
