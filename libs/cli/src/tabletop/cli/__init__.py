"""The `tabletop` command line."""
