"""Settings every service reads from the environment (pydantic-settings).

Each service subclasses `ServiceSettings` and sets its own `http_port`
default; the environment names are shared, since each service runs in its
own process (and Kubernetes Deployment) with its own environment.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BeforeValidator, Field
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from tabletop.kernel.names import NAMESPACE_PATTERN


def _split_commas(value: object) -> object:
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


# A list setting written `a,b,c` in the environment (NoDecode: not as JSON).
CommaSeparated = Annotated[list[str], NoDecode, BeforeValidator(_split_commas)]


class ServiceSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="", extra="ignore", case_sensitive=False, populate_by_name=True
    )

    nats_url: str = Field(default="nats://127.0.0.1:4222", description="NATS_URL")
    database_url: str | None = Field(default=None, description="DATABASE_URL (services with state)")
    namespace: str = Field(
        default="tabletop",
        pattern=NAMESPACE_PATTERN,
        validation_alias="TABLETOP_NAMESPACE",
        description="prefix of every subject and stream name",
    )
    stream_replicas: int = Field(default=1, ge=1, le=5, validation_alias="TABLETOP_STREAM_REPLICAS")
    http_host: str = Field(default="0.0.0.0", description="HTTP_HOST for health and metrics")
    http_port: int = Field(default=8080, description="HTTP_PORT for /healthz, /readyz, /metrics")
    log_level: str = Field(default="INFO", description="LOG_LEVEL")
    environment: str = Field(
        default="production",
        pattern="^(production|development)$",
        validation_alias="TABLETOP_ENV",
        description="TABLETOP_ENV: production logs JSON unless LOG_FORMAT says otherwise",
    )
    log_format_setting: str | None = Field(
        default=None, pattern="^(text|json)$", validation_alias="LOG_FORMAT",
        description="LOG_FORMAT (text or json; default: json in production, else text)",
    )  # fmt: skip

    @property
    def log_format(self) -> str:
        if self.log_format_setting is not None:
            return self.log_format_setting
        return "json" if self.environment == "production" else "text"

    graceful_timeout: float = Field(
        default=15.0, description="GRACEFUL_TIMEOUT: seconds in-flight work may take at shutdown"
    )
