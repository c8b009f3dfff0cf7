"""Ports picked together are different: each socket stays bound until all are."""

from __future__ import annotations

from tabletop.devserver import free_ports, port_is_free


def test_ports_picked_together_are_all_different_and_free() -> None:
    ports = free_ports(64)
    assert len(set(ports)) == 64
    assert all(port_is_free(port) for port in ports)
