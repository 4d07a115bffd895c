"""Bill of materials, capex and power of the scale-out fabric (arrays of scenarios).

Counting convention (costmodel-sources B2): every link has two ends. An optical link is one fiber
and a transceiver at each end; a switch cage holds one module that carries cage_gbps / link_gbps
links (NVIDIA twin-port 2x400G OSFP in an 800G cage: 2 links per module), so switch-side modules
are counted as modules, not link ends. The NIC end is a single-port module at the link speed.
Copper host links (Meta's RTSW DAC, A7; in the rack) use one passive splitter DAC per switch cage
and no transceivers. Links between rows (every switch-to-switch link, and optical host links) are
two transceivers and one fiber. One scale-out NIC per GPU, with one NIC-side module at the NIC's
speed (in a multi-plane design that module carries the NIC's links to every plane, like the
twin-port 2 x 400G OSFP of an 800G ConnectX-8).
"""

from __future__ import annotations

import numpy as np


def _ceil_div(a, b):
    return np.ceil(np.round(np.asarray(a, dtype=float) / b, 9))


def count_parts(
    topo, host_copper, link_gbps, cage_gbps, gpus, uplink_gbps=None, lanes_per_cable=1.0
) -> dict[str, np.ndarray]:
    """Modules and cables. Links above the leaf run at `uplink_gbps` (default the host link speed);
    every switch-side module is the leaf switch's cage type (an assumption for a spine or core of
    another switch). `lanes_per_cable`: links above the leaf that one cable carries (a scheduled
    fabric's links are SerDes lanes, cabled 4 to a 400G connection: fabrics.csv; 1 elsewhere)."""
    links_per_cage = np.asarray(cage_gbps, dtype=float) / np.asarray(link_gbps, dtype=float)
    uplink = link_gbps if uplink_gbps is None else uplink_gbps
    fabric_per_cage = np.asarray(cage_gbps, dtype=float) / np.asarray(uplink, dtype=float)
    host = topo["links_host_leaf"]
    nics = np.where(topo["tiers"] > 0, np.asarray(gpus, dtype=float), 0.0)
    leaf_spine, spine_core = topo["links_leaf_spine"], topo["links_spine_core"]
    copper = np.asarray(host_copper, dtype=bool)
    host_cages = _ceil_div(host, links_per_cage)
    host_modules = np.where(copper, 0.0, nics)  # NIC ends
    leaf_host_modules = np.where(copper, 0.0, host_cages)  # switch ends of host links
    fabric_modules = 2 * (_ceil_div(leaf_spine, fabric_per_cage) + _ceil_div(spine_core, fabric_per_cage))
    switch_modules = leaf_host_modules + fabric_modules
    fibers = (
        np.where(copper, 0.0, host) + _ceil_div(leaf_spine, lanes_per_cable) + _ceil_div(spine_core, lanes_per_cable)
    )
    dacs = np.where(copper, host_cages, 0.0)
    return {
        "links_per_cage": links_per_cage,
        "nics": nics,
        "host_modules": host_modules,
        "switch_modules": switch_modules,
        "transceivers_total": host_modules + switch_modules,
        "fiber_cables": fibers,
        "dac_cables": dacs,
        "cables_total": fibers + dacs,
    }


def capex_and_power(topo, parts, prices) -> dict[str, np.ndarray]:
    """Capex (USD) and power (W) by part. `prices` maps the catalog figures resolved per row."""
    leaf, spine, core = topo["switches_leaf"], topo["switches_spine"], topo["switches_core"]
    spine_price = prices.get("spine_price_usd", prices["switch_price_usd"])
    core_price = prices.get("core_price_usd", spine_price)
    spine_power = prices.get("spine_power_w", prices["switch_power_w"])
    core_power = prices.get("core_power_w", spine_power)
    out = {
        "capex_leaf_switches_usd": leaf * prices["switch_price_usd"],
        "capex_spine_switches_usd": spine * spine_price + core * core_price,
        "capex_switches_usd": leaf * prices["switch_price_usd"] + spine * spine_price + core * core_price,
        "capex_nics_usd": parts["nics"] * prices["nic_price_usd"],
        "capex_host_optics_usd": parts["host_modules"] * prices["host_module_price_usd"],
        "capex_switch_optics_usd": parts["switch_modules"] * prices["switch_module_price_usd"],
        "capex_fiber_usd": parts["fiber_cables"] * prices["fiber_price_usd"],
        "capex_dac_usd": parts["dac_cables"] * prices["dac_price_usd"],
        "power_switches_w": leaf * prices["switch_power_w"] + spine * spine_power + core * core_power,
        "power_nics_w": parts["nics"] * prices["nic_power_w"],
        "power_host_optics_w": parts["host_modules"] * prices["host_module_power_w"],
        "power_switch_optics_w": parts["switch_modules"] * prices["switch_module_power_w"],
        "power_cables_w": parts["dac_cables"] * prices["dac_power_w"] + parts["fiber_cables"] * prices["fiber_power_w"],
    }
    out["capex_optics_usd"] = out["capex_host_optics_usd"] + out["capex_switch_optics_usd"]
    out["capex_cables_usd"] = out["capex_fiber_usd"] + out["capex_dac_usd"]
    out["power_optics_w"] = out["power_host_optics_w"] + out["power_switch_optics_w"]
    out["capex_network_usd"] = (
        out["capex_switches_usd"] + out["capex_nics_usd"] + out["capex_optics_usd"] + out["capex_cables_usd"]
    )
    out["power_network_w"] = (
        out["power_switches_w"] + out["power_nics_w"] + out["power_optics_w"] + out["power_cables_w"]
    )
    return out


def cluster_capex_and_power(
    gpus, system_price_usd, system_gpus, nics_included, included_nic_price_usd, system_power_w, network
) -> dict[str, np.ndarray]:
    """Servers (without the NICs their price includes, at those NICs' price) plus the network."""
    gpus = np.asarray(gpus, dtype=float)
    per_gpu_usd = (np.asarray(system_price_usd) - np.asarray(nics_included) * included_nic_price_usd) / system_gpus
    servers_usd = gpus * per_gpu_usd
    servers_w = gpus * np.asarray(system_power_w) / system_gpus
    cluster_usd = servers_usd + network["capex_network_usd"]
    return {
        "capex_servers_usd": servers_usd,
        "capex_cluster_usd": cluster_usd,
        "network_share_of_cluster_capex": network["capex_network_usd"] / cluster_usd,
        "power_servers_w": servers_w,
        "power_cluster_w": servers_w + network["power_network_w"],
    }
