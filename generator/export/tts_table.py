"""The objects of a Tabletop Simulator saved object (the JSON TTS reads from its Saved Objects folder), as this
kit writes them: custom decks and their cards, tiles for the board, mats, track and piece sheets, and the save
around them. Every field and type is the one tts_schema.json lists; GUIDs are derived from the object's name,
so two exports are byte-identical."""

from __future__ import annotations

import hashlib
import random
from typing import Any

WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}
CARD_SCALE = 1.0
TILE_THICKNESS = 0.1


def guid(*parts: str) -> str:
    """A stable 6-hex-digit GUID for an object (TTS uses 6 hex digits)."""
    return hashlib.sha256("/".join(parts).encode("utf-8")).hexdigest()[:6]


def transform(x: float, z: float, face_down: bool = False, scale: float = 1.0, y: float = 1.0) -> dict:
    """Where an object lies on the table (TTS units), face up or down (turned over about its long axis)."""
    return {"posX": round(x, 3), "posY": y, "posZ": round(z, 3), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _base(name: str, uid: str, where: dict, nickname: str, description: str = "", locked: bool = False) -> dict:
    return {"GUID": uid, "Name": name, "Transform": where, "Nickname": nickname, "Description": description,
            "GMNotes": "", "ColorDiffuse": dict(WHITE), "Locked": locked, "Grid": True, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True}


def custom_deck(face_url: str, back_url: str, cols: int, rows: int) -> dict:
    """One CustomDeck entry: a face sheet of cols x rows cards and their one back; the back stands for a hidden
    card (BackIsHidden), so no cell is reserved."""
    return {"FaceURL": face_url, "BackURL": back_url, "NumWidth": cols, "NumHeight": rows, "BackIsHidden": True,
            "UniqueBack": False, "Type": 0}


def card(uid: str, card_id: int, key: str, sheet: dict, name: str, text: str, where: dict) -> dict:
    """One card (inside a deck or alone), CardID = key x 100 + cell, with its sheet's CustomDeck entry; face down,
    its name and text are hidden as its face is (HideWhenFaceDown)."""
    obj = _base("Card", uid, where, name, text)
    obj.update({"Hands": True, "HideWhenFaceDown": True, "CardID": card_id, "SidewaysCard": False, "CustomDeck": {key: sheet},
                "LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return obj


def deck(uid: str, name: str, description: str, cards: list[dict], where: dict, shuffle: bool = False) -> dict:
    """A DeckCustom of these cards (shuffled with a seed of its own name: the same order in every export), or the
    one card alone when there is only one (TTS has no one-card decks)."""
    cards = list(cards)
    if shuffle:
        random.Random(uid).shuffle(cards)
    if len(cards) == 1:
        return {**cards[0], "Transform": where}
    sheets: dict[str, dict] = {}
    for c in cards:
        sheets.update(c["CustomDeck"])
    obj = _base("DeckCustom", uid, where, name, description)
    obj.update({"Hands": False, "SidewaysCard": False, "DeckIDs": [c["CardID"] for c in cards],
                "CustomDeck": {k: sheets[k] for k in sorted(sheets, key=int)},
                "ContainedObjects": [{**c, "Transform": where} for c in cards],
                "LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return obj


def tile(uid: str, name: str, description: str, url: str, where: dict, back_url: str = "",
         locked: bool = False, shape: int = 0) -> dict:
    """A flat custom tile showing an image (a second one on its other side), its shape kept (Stretch off); shape:
    TTS's tile type (0 box, 2 circle)."""
    obj = _base("Custom_Tile", uid, where, name, description, locked)
    obj.update({"Hands": False, "CustomImage": {
        "ImageURL": url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0, "WidthScale": 0.0,
        "CustomTile": {"Type": shape, "Thickness": TILE_THICKNESS, "Stackable": False, "Stretch": False}},
        "LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return obj


def token(uid: str, name: str, url: str, where: dict) -> dict:
    """A custom token: its outline is the image's opaque part (a round marker is a round token)."""
    obj = _base("Custom_Token", uid, where, name)
    obj.update({"Hands": False, "CustomImage": {
        "ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
        "CustomToken": {"Thickness": TILE_THICKNESS, "MergeDistancePixels": 15.0, "StandUp": False,
                        "Stackable": False}},
        "LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return obj


def save(name: str, note: str, objects: list[dict]) -> dict:
    """The saved object around the table's objects (the header TTS writes; no date: reproducible)."""
    return {"SaveName": name, "Date": "", "VersionNumber": "", "GameMode": name, "GameType": "", "GameComplexity": "",
            "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": note, "TabStates": {},
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects}


def canonical(doc: Any) -> bytes:
    """The JSON bytes written (indented, keys in the order built, UTF-8: names in Cyrillic stay readable)."""
    import json

    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
