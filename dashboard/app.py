"""fabricwatch dashboard entry point: navigation only; pages live in dashboard/pages/."""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

# `streamlit run dashboard/app.py` puts dashboard/ on sys.path, not the project root.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

st.set_page_config(page_title="fabricwatch", page_icon=":material/hub:", layout="wide")

PAGES = Path(__file__).parent / "pages"
nav = st.navigation([
    st.Page(str(PAGES / "overview.py"), title="Overview", icon=":material/dashboard:", default=True),
])
nav.run()
