"""Transceivers, cables, NICs, capex and power by part."""

import pytest

from fabric_model import Scenario, evaluate, load_catalog


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_two_tier_optics_per_gpu_follow_vendor_rule(catalog):
    # H100 + ConnectX-7 + QM9700, 2 tiers: 1.5 x 800G twin-port + 1 x 400G per GPU (FiberMall / NADDOD)
    r = evaluate(Scenario(gpus=2048), catalog)
    assert r.transceivers_by_type == {"osfp-400g-nic": 2048, "osfp-800g-switch": 3072}
    assert r.transceivers_per_gpu == 2.5


def test_three_tier_optics_per_gpu(catalog):
    # 3 tiers: 1 x 400G + 2.5 x 800G twin-port (costmodel-sources B2, derived)
    r = evaluate(Scenario(gpus=65536), catalog)
    assert r.tiers == 3
    assert r.transceivers_by_type == {"osfp-400g-nic": 65536, "osfp-800g-switch": 163840}


def test_optics_cost_per_gpu_reproduces_spreadsheet_cables_and_connectors(catalog):
    # Freakonomics: IB cables+connectors $2.56k per GPU (2 tiers), $3.8k (3 tiers)
    assert evaluate(Scenario(gpus=2048), catalog).capex_optics_usd / 2048 == pytest.approx(2560, rel=0.01)
    assert evaluate(Scenario(gpus=32768), catalog).capex_optics_usd / 32768 == pytest.approx(3800, rel=0.01)


def test_copper_host_links_drop_host_transceivers(catalog):
    optical = evaluate(Scenario(gpus=2048), catalog)
    copper = evaluate(Scenario(gpus=2048, host_links="copper"), catalog)
    assert copper.transceivers_by_type == {"osfp-800g-switch": 2048}  # leaf-spine ends only
    assert copper.dac_cables == 1024  # one twin-port splitter DAC per leaf cage
    assert copper.fiber_cables == 2048
    assert copper.capex_optics_usd < optical.capex_optics_usd
    assert copper.power_optics_w == optical.power_optics_w - 2048 * 9 - 1024 * 17


def test_800g_links_on_800g_cages_use_one_module_per_end(catalog):
    r = evaluate(Scenario(gpus=2048, nic_gbps=800, fabric="spectrum-x"), catalog)
    assert r.tiers == 2
    assert r.transceivers_by_type == {"osfp-800g-nic": 2048, "osfp-800g-switch": 2048 * 3}


def test_capex_and_power_are_sums_of_parts(catalog):
    r = evaluate(Scenario(gpus=8192, fabric="roce-ecmp"), catalog)
    assert r.capex_network_usd == pytest.approx(
        r.capex_switches_usd + r.capex_nics_usd + r.capex_optics_usd + r.capex_cables_usd
    )
    assert r.power_network_w == pytest.approx(r.power_switches_w + r.power_nics_w + r.power_optics_w + r.power_cables_w)
    assert r.capex_nics_usd == 8192 * 2390
    assert r.capex_switches_usd == r.switches_total * 46800
    assert r.nics == 8192


def test_network_share_subtracts_nics_included_in_server_price(catalog):
    r = evaluate(Scenario(gpus=2048), catalog)
    servers = 2048 * (310000 - 8 * 2390) / 8
    assert r.capex_servers_usd == pytest.approx(servers)
    assert r.network_share_of_cluster_capex == pytest.approx(r.capex_network_usd / (servers + r.capex_network_usd))


def test_pricier_nic_raises_cluster_capex_by_the_difference(catalog):
    # the server price includes 8 ConnectX-7s; a BlueField-3 fabric pays the difference per GPU
    roce = evaluate(Scenario(gpus=4096, fabric="roce-ecmp", switch="spectrum-4"), catalog)
    spx = evaluate(Scenario(gpus=4096, fabric="spectrum-x", switch="spectrum-4"), catalog)
    assert spx.scenario.nic == "bluefield-3-supernic"
    assert spx.capex_servers_usd == roce.capex_servers_usd
    assert spx.capex_cluster_usd - roce.capex_cluster_usd == pytest.approx(4096 * (2500 - 2390))
