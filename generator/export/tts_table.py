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


SHUFFLE_ON_LOAD = ("-- shuffled once, when the table is first loaded (a game saved and loaded again keeps its order)\n"
                   "function onLoad(saved)\n  if saved == nil or saved == \"\" then self.shuffle() end\nend\n"
                   "function onSave()\n  return \"shuffled\"\nend\n")


def deck(uid: str, name: str, description: str, cards: list[dict], where: dict, shuffle: str = "") -> dict:
    """A DeckCustom of these cards, or the one card alone when there is only one (TTS has no one-card decks). With
    a shuffle seed (the kit's version, language, game and deck: another order in every release and language, the
    same in two exports of one), the cards are shuffled with it and the deck shuffles itself again when the table
    loads (SHUFFLE_ON_LOAD)."""
    cards = list(cards)
    if shuffle:
        random.Random(shuffle).shuffle(cards)
    if len(cards) == 1:
        return {**cards[0], "Transform": where}
    sheets: dict[str, dict] = {}
    for c in cards:
        sheets.update(c["CustomDeck"])
    obj = _base("DeckCustom", uid, where, name, description)
    obj.update({"Hands": False, "SidewaysCard": False, "DeckIDs": [c["CardID"] for c in cards],
                "CustomDeck": {k: sheets[k] for k in sorted(sheets, key=int)},
                "ContainedObjects": [{**c, "Transform": where} for c in cards],
                "LuaScript": SHUFFLE_ON_LOAD if shuffle else "", "LuaScriptState": "", "XmlUI": ""})
    return obj


def tile(uid: str, name: str, description: str, url: str, where: dict, back_url: str = "",
         locked: bool = False, shape: int = 0, stackable: bool = False) -> dict:
    """A flat custom tile showing an image (a second one on its other side), its shape kept (Stretch off); shape:
    TTS's tile type (0 box, 2 circle)."""
    obj = _base("Custom_Tile", uid, where, name, description, locked)
    obj.update({"Hands": False, "CustomImage": {
        "ImageURL": url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0, "WidthScale": 0.0,
        "CustomTile": {"Type": shape, "Thickness": TILE_THICKNESS, "Stackable": stackable, "Stretch": False}},
        "LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return obj


def token(uid: str, name: str, url: str, where: dict, description: str = "", stackable: bool = False) -> dict:
    """A custom token: its outline is the image's opaque part (a round marker is a round token); identical
    tokens are stackable."""
    obj = _base("Custom_Token", uid, where, name, description)
    obj.update({"Hands": False, "CustomImage": {
        "ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
        "CustomToken": {"Thickness": TILE_THICKNESS, "MergeDistancePixels": 15.0, "StandUp": False,
                        "Stackable": stackable}},
        "LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return obj


def figurine(uid: str, name: str, description: str, url: str, back_url: str, where: dict) -> dict:
    """A standing custom figurine (a standee): its picture in front, back_url behind."""
    obj = _base("Figurine_Custom", uid, where, name, description)
    obj.update({"Hands": False, "CustomImage": {"ImageURL": url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0,
                                                "WidthScale": 0.0},
                "LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return obj


def bag(uid: str, name: str, description: str, contents: list[dict], where: dict, infinite: bool = False,
        colour: dict | None = None) -> dict:
    """A Bag holding contents, or an Infinite_Bag giving copies of its one object without end."""
    obj = _base("Infinite_Bag" if infinite else "Bag", uid, where, name, description)
    obj["ColorDiffuse"] = dict(colour or WHITE)
    obj.update({"Hands": False, "MaterialIndex": -1, "MeshIndex": -1, "Bag": {"Order": 0},
                "ContainedObjects": [{**c, "Transform": {**c["Transform"], "posY": 2.0}} for c in contents],
                "LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return obj


def pdf(uid: str, name: str, description: str, url: str, where: dict) -> dict:
    """A Custom_PDF object showing a PDF (the rules booklet), page 1 first."""
    obj = _base("Custom_PDF", uid, where, name, description)
    obj.update({"Hands": False, "CustomPDF": {"PDFUrl": url, "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0},
                "LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return obj


def hand(uid: str, colour: str, x: float, z: float, width: float, rot_y: float) -> dict:
    """A seat's hand zone (HandTrigger) of a player colour."""
    obj = _base("HandTrigger", uid, {"posX": x, "posY": 2.5, "posZ": z, "rotX": 0.0, "rotY": rot_y, "rotZ": 0.0,
                                     "scaleX": width, "scaleY": 5.0, "scaleZ": 4.0}, "")
    obj.update({"FogColor": colour, "Locked": True, "Hands": False, "LuaScript": "", "LuaScriptState": "",
                "XmlUI": ""})
    return obj


def snap_points(points: list[tuple[float, float]], y: float = 0.1) -> list[dict]:
    """AttachedSnapPoints at these local (x, z) positions of an object."""
    return [{"Position": {"x": round(x, 4), "y": y, "z": round(z, 4)}} for x, z in points]


def notebook(title: str, body: str) -> dict:
    """TabStates holding one notebook tab visible to everyone."""
    return {"0": {"title": title, "body": body, "color": "Grey", "visibleColor": {"r": 0.5, "g": 0.5, "b": 0.5},
                  "id": 0}}


def save(name: str, note: str, objects: list[dict], tabs: dict | None = None) -> dict:
    """The saved object around the table's objects (the header TTS writes; no date: reproducible)."""
    return {"SaveName": name, "Date": "", "VersionNumber": "", "GameMode": name, "GameType": "", "GameComplexity": "",
            "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": note,
            "TabStates": tabs or {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects}


def canonical(doc: Any) -> bytes:
    """The JSON bytes written (indented, keys in the order built, UTF-8: names in Cyrillic stay readable)."""
    import json

    return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
