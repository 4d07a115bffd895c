"""Overview: what the published warehouse holds."""

import streamlit as st

from dashboard import data

st.title("fabricwatch")
st.caption("AI cluster fabrics: InfiniBand, RoCE, Spectrum-X, Ultra Ethernet, NVLink — market and technology tracking.")

if data.warehouse_version() is None:
    st.info("No published warehouse yet: run `fabricwatch refresh` first.")
    st.stop()

counts = data.table_counts()
st.subheader("Tables")
st.dataframe(counts, hide_index=True, width="stretch")
