"""InfiniBand vs Ethernet (question b): each fabric's share of the AI back-end network over time, reported
figures and their derived complements (labelled), one period basis per chart, with the coverage stated."""

import streamlit as st

from dashboard import answer_charts, answers, components as ui, data, i18n, shape
from dashboard.i18n import t

ui.page_header(t("page.share"), t("share.summary"))
ui.question("b")
ui.require_warehouse()

share, labels = data.mart("fabric_share"), ui.labels("marts.fabric_share")
shares = share[(share["measure"] == "share") & (share["series_kind"] != "cumulative")] if not share.empty else share
if shares.empty:
    ui.empty(t("market.no_shares"))
    st.stop()

segments = shape.by_frequency(shares, "segment")
segment = (
    st.selectbox(
        t("share.segment"),
        segments,
        key="share_segment",
        format_func=lambda s: i18n.t_or(f"answers.segment.{s}", str(s).replace("_", " ")),
    )
    if len(segments) > 1
    else segments[0]
)
picked = answers.with_complements(shares[shares["segment"] == segment])
kinds = [k for k in ("annual", "half_yearly", "quarterly") if k in set(picked["series_kind"])]
basis = (
    st.segmented_control(
        t("share.basis"),
        kinds,
        default=kinds[0],
        key="share_basis",
        format_func=lambda k: t(f"answers.series_kind.{k}"),
    )
    or kinds[0]
)
shown = picked[picked["series_kind"] == basis]
publishers = sorted(shown["publisher"].dropna().unique())
st.caption(
    t(
        "share.coverage",
        n=len(publishers),
        publishers=", ".join(publishers),
        reported=int((~shown["derived"]).sum()),
        derived=int(shown["derived"].sum()),
    )
    + (" " + t("answers.one_publisher") if len(publishers) == 1 else "")
)
fig = answer_charts.share_figure(shown, basis)
ui.chart(fig, shown[~shown["derived"]], "fabric_share", labels, caption=t("share.caption"))

table = shape.with_hedged_value(shown.assign(fabric=shown["fabric"].map(answers.fabric_title)), value="share")
table = ui.dates_as_text(table.assign(kind=table["kind"].map(answer_charts.t_kind)), ["published_on"])
table = table.assign(derived=table["derived"].map({True: t("share.derived_yes"), False: t("share.derived_no")}))
ui.table(
    table.sort_values(["period_start", "fabric"]),
    "fabric_share_table",
    # the column shows fabric names here (fabric_title), not the ids its dictionary label speaks of
    labels | {"fabric": t("model.fabric"), "derived": t("share.derived_column"), "as_stated": t("share.as_stated")},
    columns=["period", "fabric", "as_stated", "derived", "kind", "publisher", "published_on", "url"],
    with_sources=False,
)

revenue = share[(share["measure"] == "revenue")] if not share.empty else share
if not revenue.empty:
    st.subheader(t("share.revenue_header"))
    st.caption(t("share.revenue_caption"))
    revenue = shape.with_hedged_value(revenue.assign(value=revenue["revenue_usd"], unit="USD"))
    segment_names = data.vocabulary_names("segment")
    revenue = ui.dates_as_text(
        revenue.assign(
            kind=revenue["kind"].map(answer_charts.t_kind),
            segment=revenue["segment"].map(lambda s: answers.segment_words(s, segment_names) or "—"),
            fabric=revenue["fabric"].map(answers.fabric_title),
        ),
        ["published_on"],
    )
    ui.table(
        revenue,
        "fabric_revenue",
        labels,
        columns=["segment", "period", "fabric", "as_stated", "kind", "publisher", "published_on", "url"],
    )
st.caption(t("share.elsewhere"))
