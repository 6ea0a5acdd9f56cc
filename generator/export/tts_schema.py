"""The Tabletop Simulator saved-object schema (tts_schema.json, kept in the repository) and a validator for the
part of JSON Schema it uses: type, required, properties, additionalProperties (a schema), items, minimum,
maximum, propertyNames with a pattern, and $ref to its own $defs (jsonschema is not a dependency of the kit).

Every finding names the JSON path of the field (``ObjectStates[0].CustomDeck.1.NumWidth``), what is wrong and
what TTS expects. Keys the schema does not list are allowed (TTS writes many more); a key one letter off a
listed one (``Nickame``) is reported by ``near_misses`` as a warning: TTS would silently ignore it."""

from __future__ import annotations

import difflib
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

SCHEMA_PATH = Path(__file__).with_name("tts_schema.json")
TYPES = {"object": "an object", "array": "a list", "string": "a string", "number": "a number",
         "integer": "a whole number", "boolean": "true or false"}


@lru_cache(maxsize=1)
def schema() -> dict:
    """The saved-object schema."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def _is(value: Any, kind: str) -> bool:
    if kind == "object":
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, list)
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if kind == "integer":
        return isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    return isinstance(value, (int, float))  # number


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _resolve(node: dict) -> dict:
    ref = node.get("$ref")
    if not ref:
        return node
    target: Any = schema()
    for part in ref.removeprefix("#/").split("/"):
        target = target[part]
    return target


def validate(doc: Any, node: dict | None = None, path: str = "") -> Iterator[str]:
    """Every way doc departs from the schema (or from node of it), each as 'path: what is wrong'."""
    node = _resolve(schema() if node is None else node)
    where = path or "the file"
    kind = node.get("type")
    if kind and not _is(doc, kind):
        yield f"{where}: {_show(doc)} is not {TYPES[kind]} (TTS reads {TYPES[kind]} here)"
        return
    if "minimum" in node and doc < node["minimum"]:
        yield f"{where}: {_show(doc)} is below the least allowed, {node['minimum']}"
    if "maximum" in node and doc > node["maximum"]:
        yield f"{where}: {_show(doc)} is above the most allowed, {node['maximum']}"
    if isinstance(doc, dict):
        for key in node.get("required", ()):
            if key not in doc:
                yield f"{where}: the field {key!r} is missing (TTS needs it)"
        pattern = node.get("propertyNames", {}).get("pattern")
        props = node.get("properties", {})
        extra = node.get("additionalProperties")
        for key, value in doc.items():
            sub = f"{path}.{key}" if path else key
            if pattern and not re.fullmatch(pattern, key):
                yield f"{sub}: the key {key!r} is not a positive whole number without leading zeros"
            if key in props:
                yield from validate(value, props[key], sub)
            elif isinstance(extra, dict):
                yield from validate(value, extra, sub)
    if isinstance(doc, list) and "items" in node:
        for i, item in enumerate(doc):
            yield from validate(item, node["items"], f"{path}[{i}]")


@lru_cache(maxsize=1)
def _known_keys() -> frozenset[str]:
    keys: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            keys.update(node.get("properties", {}))
            for value in node.values():
                walk(value)
    walk(schema())
    return frozenset(keys)


def near_misses(doc: Any, path: str = "") -> Iterator[str]:
    """Keys that are not in the schema but one slip away from a key that is ('Nickame' for 'Nickname')."""
    known = _known_keys()
    if isinstance(doc, dict):
        for key, value in doc.items():
            sub = f"{path}.{key}" if path else key
            if key not in known and not key.isdigit():
                close = difflib.get_close_matches(key, known, n=1, cutoff=0.85)
                if close:
                    yield f"{sub}: unknown key {key!r}, TTS ignores it: did you mean {close[0]!r}?"
            yield from near_misses(value, sub)
    elif isinstance(doc, list):
        for i, item in enumerate(doc):
            yield from near_misses(item, f"{path}[{i}]")
