"""The published OpenAPI document is valid OpenAPI 3.1 (what client
generators read), and the validator does refuse a broken one."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

DOCUMENT = json.loads(
    (Path(__file__).resolve().parents[2] / "proto" / "openapi" / "gateway.json").read_text()
)


def test_the_gateway_document_is_valid_openapi() -> None:
    assert DOCUMENT["openapi"].startswith("3.1")
    validate(DOCUMENT)


def test_a_broken_link_is_refused() -> None:
    broken = copy.deepcopy(DOCUMENT)
    answer = broken["paths"]["/v1/games/{game_id}/legal"]["get"]["responses"]["200"]
    answer["links"]["Submit"]["operationId"] = 7
    with pytest.raises(OpenAPIValidationError):
        validate(broken)
