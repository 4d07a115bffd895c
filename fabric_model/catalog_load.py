"""Loading the catalog: the shipped CSV files, then observed specs from the warehouse on top."""

from __future__ import annotations

import csv
import dataclasses
import math
from typing import Any, Mapping

from .catalog import DATA_DIR, Catalog, Constant, FabricProfile, GpuSystem, ModelError, Nic, Optic, Source, Switch


# -- CSV loading ----------------------------------------------------------------------------


def _rows(name: str) -> list[dict[str, str]]:
    with open(DATA_DIR / name, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _num(text: str | None) -> float | None:
    text = (text or "").strip()
    return float(text) if text else None


def _ids(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in (text or "").split(";") if part.strip())


def parse_port_configs(text: str) -> tuple[tuple[int, int], ...]:
    """'64x800;128x400' -> ((64, 800), (128, 400))."""
    configs = []
    for part in _ids(str(text)):
        ports, _, gbps = part.lower().replace("×", "x").partition("x")
        if not gbps:
            raise ModelError(f"port configuration {part!r} is not PORTSxGBPS")
        configs.append((int(ports), int(float(gbps))))
    return tuple(configs)


def _src(row: Mapping[str, str], prefix: str) -> Source:
    return Source(
        text=row.get(f"{prefix}_source", ""),
        url=row.get(f"{prefix}_url", ""),
        date=row.get(f"{prefix}_published") or row.get(f"{prefix}_date", ""),
        kind=row.get(f"{prefix}_kind", ""),
    )


def _provenance(row: Mapping[str, str], spec_fields: tuple[str, ...], extra: Mapping[str, str]) -> dict[str, Source]:
    spec = _src(row, "spec")
    out = {name: spec for name in spec_fields}
    for field_name, prefix in extra.items():
        out[field_name] = _src(row, prefix)
        if prefix == "efficiency":  # efficiency rows carry no kind/date of their own
            out[field_name] = dataclasses.replace(out[field_name], kind="tool_assumption")
    return out


def _load_switches() -> dict[str, Switch]:
    out = {}
    for row in _rows("switches.csv"):
        spec_fields = (
            "fabrics",
            "capacity_tbps",
            "port_configs",
            "cage_count",
            "cage_gbps",
            "serdes_gbps",
            "latency_ns",
        )
        out[row["switch_id"]] = Switch(
            switch_id=row["switch_id"],
            vendor=row["vendor"],
            name=row["name"],
            fabrics=_ids(row["fabrics"]),
            capacity_tbps=float(row["capacity_tbps"]),
            port_configs=parse_port_configs(row["port_configs"]),
            cage_count=int(row["cage_count"]),
            cage_gbps=int(row["cage_gbps"]),
            serdes_gbps=_num(row["serdes_gbps"]),
            latency_ns=_num(row["latency_ns"]),
            price_usd=float(row["price_usd"]),
            power_w=float(row["power_w"]),
            provenance={
                **_provenance(row, spec_fields, {"price_usd": "price", "power_w": "power"}),
                "latency_ns": Source(row["latency_source"], row["latency_url"], kind="estimate"),
            },
        )
    return out


def _load_nics() -> dict[str, Nic]:
    out = {}
    for row in _rows("nics.csv"):
        out[row["nic_id"]] = Nic(
            nic_id=row["nic_id"],
            vendor=row["vendor"],
            name=row["name"],
            fabrics=_ids(row["fabrics"]),
            speed_gbps=int(row["speed_gbps"]),
            pcie=row["pcie"],
            protocol_efficiency=float(row["protocol_efficiency"]),
            price_usd=_num(row["price_usd"]),
            power_w=_num(row["power_w"]),
            provenance=_provenance(
                row,
                ("speed_gbps", "pcie", "fabrics"),
                {"price_usd": "price", "power_w": "power", "protocol_efficiency": "efficiency"},
            ),
        )
    return out


def _load_optics() -> dict[str, Optic]:
    out = {}
    for row in _rows("optics.csv"):
        out[row["optic_id"]] = Optic(
            optic_id=row["optic_id"],
            kind=row["kind"],
            role=row["role"],
            module_gbps=int(row["module_gbps"]),
            reach_m=float(row["reach_m"]),
            price_usd=float(row["price_usd"]),
            power_w=float(row["power_w"]),
            provenance={"price_usd": _src(row, "price"), "power_w": _src(row, "power")},
        )
    return out


def _load_systems() -> dict[str, GpuSystem]:
    out = {}
    for row in _rows("systems.csv"):
        scaleup = _num(row["scaleup_GBps"])
        out[row["system_id"]] = GpuSystem(
            system_id=row["system_id"],
            name=row["name"],
            gpu_match=row["gpu_match"],
            gpus_per_domain=int(row["gpus_per_domain"]),
            scaleup_GBps=math.inf if scaleup is None else scaleup,
            scaleup_efficiency=float(row["scaleup_efficiency"]),
            default_nic_gbps=int(row["default_nic_gbps"]),
            nics_included=int(row["nics_included"]),
            included_nic=row["included_nic_id"] or None,
            price_usd=_num(row["price_usd"]),
            power_w=_num(row["power_w"]),
            provenance=_provenance(
                row,
                ("gpus_per_domain", "scaleup_GBps"),
                {"price_usd": "price", "power_w": "power", "scaleup_efficiency": "efficiency"},
            ),
        )
    return out


def _load_fabrics() -> dict[str, FabricProfile]:
    out = {}
    for row in _rows("fabrics.csv"):
        source = Source(text=row["source"], url=row["source_url"], kind="tool_assumption")
        flows = _num(row["ecmp_flows_per_nic"])
        out[row["fabric_id"]] = FabricProfile(
            fabric_id=row["fabric_id"],
            name=row["name"],
            lossless=row["lossless"],
            routing=row["routing"],
            congestion_control=row["congestion_control"],
            in_network_reduction=row["in_network_reduction"].strip().lower() == "true",
            routing_efficiency=_num(row["routing_efficiency"]),
            ecmp_flows_per_nic=int(flows) if flows else 1,
            default_switches=_ids(row["default_switches"]),
            default_nics=_ids(row["default_nics"]),
            load_balancing=row.get("load_balancing", ""),
            fabric_element=row.get("fabric_element", "") or "",
            max_ports=_num(row.get("max_ports", "")),
            fabric_lanes_per_cable=_num(row.get("fabric_lanes_per_cable", "")),
            provenance={
                "routing_efficiency": source,
                "ecmp_flows_per_nic": source,
                "in_network_reduction": source,
                "max_ports": Source(row.get("max_ports_source", ""), row.get("max_ports_url", ""), kind="vendor_claim"),
                "fabric_lanes_per_cable": Source(
                    row.get("fabric_lanes_per_cable_source", ""), row.get("fabric_lanes_per_cable_url", ""), kind="spec"
                ),
                "load_balancing": Source(
                    row.get("load_balancing_source", ""), row.get("load_balancing_url", ""), kind="spec"
                ),
            },
        )
    return out


def _load_constants() -> dict[str, Constant]:
    return {
        row["name"]: Constant(
            row["name"],
            float(row["value"]),
            row["unit"],
            Source(row["source"], row["source_url"], row["published"], row["kind"]),
        )
        for row in _rows("constants.csv")
    }


# Warehouse indicator ids (core.observations) -> catalog field names.
OVERRIDE_FIELD_ALIASES = {
    "port_latency_ns": "latency_ns",
    "switch_capacity_tbps": "capacity_tbps",
    "serdes_gbps": "serdes_gbps",
    "power_w": "power_w",
    "price_usd": "price_usd",
    "port_speed_gbps": "speed_gbps",
    "nvlink_bandwidth_GBps": "scaleup_GBps",
    "gpus_per_domain": "gpus_per_domain",
}
_TEXT_FIELDS = {"port_configs", "fabrics", "pcie", "name", "vendor"}


def _coerce(field_name: str, value: Any) -> Any:
    if field_name == "port_configs":
        return parse_port_configs(str(value))
    if field_name == "fabrics":
        return _ids(str(value))
    if field_name in _TEXT_FIELDS:
        return str(value)
    number = float(value)
    if not math.isfinite(number) or number < 0:
        raise ModelError(f"{field_name} must be a finite non-negative number, got {value!r}")
    if field_name in {"cage_count", "cage_gbps", "speed_gbps", "gpus_per_domain", "module_gbps"}:
        return int(number)
    return number


def load_catalog(overrides=None) -> Catalog:
    """The shipped catalog, with observed specs applied on top.

    `overrides` (a pandas DataFrame or an iterable of mappings) has one row per observed value:
    `product_id` (or `switch_id`), `field` (a catalog field or a warehouse indicator id such as
    `port_latency_ns`), `value`, `source`, and optionally `url` and `published_on`. Rows naming
    an unknown product or field are skipped and listed in `Catalog.overrides_skipped`.
    """
    catalog = Catalog(
        switches=_load_switches(),
        nics=_load_nics(),
        optics=_load_optics(),
        systems=_load_systems(),
        fabrics=_load_fabrics(),
        constants=_load_constants(),
        ranges=tuple(_rows("ranges.csv")),
    )
    if overrides is None:
        return catalog
    records = overrides.to_dict("records") if hasattr(overrides, "to_dict") else list(overrides)
    applied, skipped = [], []
    for record in records:
        item_id = str(record.get("product_id") or record.get("switch_id") or "")
        field_name = OVERRIDE_FIELD_ALIASES.get(str(record.get("field", "")), str(record.get("field", "")))
        table = next((t for t in ("switches", "nics", "optics", "systems") if item_id in getattr(catalog, t)), None)
        if table is None:
            skipped.append({**record, "reason": "unknown product id"})
            continue
        source = Source(
            text=str(record.get("source", "")),
            url=str(record.get("url", "") or ""),
            date=str(record.get("published_on", "") or ""),
            kind="observed",
        )
        try:
            catalog = catalog.with_value(table, item_id, field_name, _coerce(field_name, record["value"]), source)
        except (ModelError, ValueError, TypeError) as exc:
            skipped.append({**record, "reason": str(exc)})
            continue
        applied.append(
            {"table": table, "id": item_id, "field": field_name, "value": record["value"], "source": source.text}
        )
    return dataclasses.replace(catalog, overrides_applied=tuple(applied), overrides_skipped=tuple(skipped))


PUBLISHED_TABLES = ("switches", "nics", "optics", "systems", "fabrics")


def _as_text(value: Any) -> str:
    if isinstance(value, tuple):
        if value and isinstance(value[0], tuple):
            return ";".join(f"{p}x{g}" for p, g in value)
        return ";".join(str(v) for v in value)
    return repr(value) if isinstance(value, float) else str(value)


def catalog_records(catalog: Catalog) -> list[dict[str, Any]]:
    """Every figure of the catalog as text rows (model.catalog), with its source."""
    rows = []
    for table in PUBLISHED_TABLES:
        for item_id, item in getattr(catalog, table).items():
            for f in dataclasses.fields(item):
                if f.name == "provenance":
                    continue
                source = item.provenance.get(f.name) or Source("")
                rows.append(
                    {
                        "item_table": table,
                        "item_id": item_id,
                        "field": f.name,
                        "value": _as_text(getattr(item, f.name)),
                        "source": source.text,
                        "url": source.url,
                        "published_on": source.date,
                        "kind": source.kind,
                    }
                )
    return rows


def _parse_published(item, field_name: str, text: str) -> Any:
    current = getattr(item, field_name)
    if text in ("None", ""):
        return None
    if field_name == "port_configs":
        return parse_port_configs(text)
    if isinstance(current, tuple):
        return _ids(text)
    if isinstance(current, bool):
        return text == "True"
    if isinstance(current, int):
        return int(float(text))
    if isinstance(current, float) or current is None:
        try:
            return float(text)
        except ValueError:
            return text
    return text


def catalog_from_records(records) -> Catalog:
    """The catalog as published in the warehouse (model.catalog rows): the shipped catalog with every
    published value and source put back, so the dashboard evaluates with what the marts used."""
    catalog = load_catalog()
    rows = records.to_dict("records") if hasattr(records, "to_dict") else list(records)
    for row in rows:
        table, item_id, field_name = row["item_table"], row["item_id"], row["field"]
        items = getattr(catalog, table, None)
        if items is None or item_id not in items:
            continue
        item = items[item_id]
        if field_name not in {f.name for f in dataclasses.fields(item)} or field_name == "provenance":
            continue
        value = _parse_published(item, field_name, str(row["value"]))
        source = Source(
            text=str(row.get("source") or ""),
            url=str(row.get("url") or ""),
            date=str(row.get("published_on") or ""),
            kind=str(row.get("kind") or ""),
        )
        catalog = catalog.with_value(table, item_id, field_name, value, source)
    return catalog
