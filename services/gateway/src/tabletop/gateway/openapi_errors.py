"""The OpenAPI document tells the errors that really come: FastAPI adds a 422
`HTTPValidationError` to every operation with parameters or a body, but the
gateway answers invalid requests with 400 `{code, message}` (ErrorOut)."""

from __future__ import annotations

from typing import Any

UNUSED_SCHEMAS = ("HTTPValidationError", "ValidationError")


def real_error_responses(schema: dict[str, Any]) -> dict[str, Any]:
    """The document without the 422 responses and their schemas."""
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            operation.get("responses", {}).pop("422", None)
    schemas = schema.get("components", {}).get("schemas", {})
    for name in UNUSED_SCHEMAS:
        schemas.pop(name, None)
    return schema
