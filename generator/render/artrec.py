"""A drawing's cairo calls kept as data and drawn again: the SVG art cairosvg draws, without cairosvg.

cairosvg turns an SVG into calls on a cairo context (paths, fills, strokes, clips, transforms, colours). Made
through a Recorder, the calls that change the drawing are also listed, their arguments as plain numbers (a matrix,
a path, a dash or font options as lists of numbers); ``draw(cr, prepare(listing))`` makes exactly those calls again
on a new context, so the surface records (and a PDF written from it holds) the same bytes as cairosvg's drawing, at
a part of its cost. A drawing that used anything else (a gradient or pattern object, an image, a mask, a text) is
not listed (``Recorder.listing`` is None) and is drawn by cairosvg each time. ``prepare`` accepts only this table's
methods with numbers: a listing read from a cache is data, never code.

A listing is a JSON object: "names" (the methods it calls), "ops" (each call's index in names), "nums" (the
arguments of the calls taking numbers only, one after the other) and "extra" (each other call's one argument).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import cairocffi as cairo

# Context methods that change the drawing and take only numbers: name -> how many.
NUMBERS: dict[str, int] = {
    **dict.fromkeys(("save", "restore", "new_path", "new_sub_path", "close_path", "fill", "fill_preserve", "stroke",
                     "stroke_preserve", "clip", "clip_preserve", "reset_clip", "paint", "identity_matrix",
                     "push_group", "pop_group_to_source"), 0),
    **dict.fromkeys(("move_to", "line_to", "rel_move_to", "rel_line_to", "translate", "scale"), 2),
    **dict.fromkeys(("curve_to", "rel_curve_to"), 6),
    **dict.fromkeys(("arc", "arc_negative"), 5),
    "rectangle": 4, "rotate": 1, "paint_with_alpha": 1, "set_source_rgb": 3, "set_source_rgba": 4,
    "set_line_width": 1, "set_miter_limit": 1, "set_tolerance": 1,
    **dict.fromkeys(("set_line_cap", "set_line_join", "set_fill_rule", "set_operator", "set_antialias"), 1),
}
# Those taking one argument of another kind, kept as a list of numbers: a matrix (6), a path ([operation, points]
# pairs), a dash ([dashes, offset]), font options (FONT_OPTIONS).
OTHERS = frozenset({"transform", "set_matrix", "append_path", "set_dash", "set_font_options"})
# Context methods that only ask (their answers may steer cairosvg, never the surface; each returns a copy).
QUERIES = frozenset({"get_current_point", "has_current_point", "get_matrix", "copy_path", "copy_path_flat",
                     "get_font_options", "get_line_width", "get_fill_rule", "path_extents", "user_to_device",
                     "user_to_device_distance", "device_to_user", "device_to_user_distance"})
PATH_POINTS = {cairo.PATH_MOVE_TO: 2, cairo.PATH_LINE_TO: 2, cairo.PATH_CURVE_TO: 6, cairo.PATH_CLOSE_PATH: 0}
FONT_OPTIONS = ("antialias", "subpixel_order", "hint_style", "hint_metrics")
FONT_OPTION_VALUES = (7, 5, 5, 3)  # how many values cairo's enums of FONT_OPTIONS have
ENUMS = {"set_line_cap": 3, "set_line_join": 3, "set_fill_rule": 2, "set_operator": 29, "set_antialias": 7}
NUMBER_TYPES = frozenset({int, float})  # not bool: JSON keeps it apart


def _numbers(values: Any) -> bool:
    return type(values) is list and set(map(type, values)) <= NUMBER_TYPES and all(map(math.isfinite, values))


def _font_options(values: list) -> Any:
    return cairo.FontOptions(**dict(zip(FONT_OPTIONS, values)))


@lru_cache(maxsize=64)
def _made_of(values: tuple[int, ...]) -> Any:
    """The font options these values make (compared with each recorded set_font_options' argument)."""
    return _font_options(list(values))


class Recorder:
    """A cairo context that lists the calls changing its drawing (``listing``, see the module; None once anything
    else was used) while making them."""

    def __init__(self, context: Any) -> None:
        self._context = context
        self._names: dict[str, int] = {}
        self.ops: list[int] = []
        self.nums: list[float] = []
        self.extra: list[list] | None = []

    @property
    def listing(self) -> dict | None:
        """The calls made so far (None: something not listable was used)."""
        if self.extra is None or not set(map(type, self.nums)) <= NUMBER_TYPES:
            return None
        return {"names": list(self._names), "ops": self.ops, "nums": self.nums, "extra": self.extra}

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._context, name)
        if name in NUMBERS:  # the most calls: listed as they come (their numbers checked once, by listing)
            index = self._names.setdefault(name, len(self._names))
            ops, nums = self.ops, self.nums

            def numbers(*args: Any) -> Any:
                ops.append(index)
                nums.extend(args)
                return method(*args)
            wrapped = numbers
        elif name in OTHERS:
            index = self._names.setdefault(name, len(self._names))

            def other(*args: Any) -> Any:
                if self.extra is not None:
                    kept = _plain(name, args)
                    if kept is None:
                        self.extra = None
                    else:
                        self.ops.append(index)
                        self.extra.append(kept)
                return method(*args)
            wrapped = other
        else:
            if name not in QUERIES:
                self.extra = None  # drawn some other way: not listed
            wrapped = method
        setattr(self, name, wrapped)  # asked again: found without __getattr__
        return wrapped


def _plain(name: str, args: tuple) -> list | None:
    """The one argument of a call of OTHERS as a list of numbers, or None when it is not what the call takes (font
    options: only when FONT_OPTIONS make them again)."""
    if name == "set_dash":
        dashes = list(args[0]) if args and isinstance(args[0], (list, tuple)) else None
        if 1 <= len(args) <= 2 and _numbers(dashes) and set(map(type, args[1:])) <= NUMBER_TYPES:
            return [dashes, *args[1:]]
        return None
    if len(args) != 1:
        return None
    (arg,) = args
    if name in ("transform", "set_matrix"):
        return list(arg.as_tuple()) if isinstance(arg, cairo.Matrix) else None
    if name == "append_path":
        path = [[op, list(points)] for op, points in arg]
        return path if _path(path) else None
    if isinstance(arg, cairo.FontOptions):  # set_font_options
        values = [arg.get_antialias(), arg.get_subpixel_order(), arg.get_hint_style(), arg.get_hint_metrics()]
        return values if _made_of(tuple(values)) == arg else None
    return None


def _path(path: Any) -> bool:
    """Whether path is a list of [operation, points] pairs."""
    return type(path) is list and all(
        type(p) is list and len(p) == 2 and type(p[0]) is int and PATH_POINTS.get(p[0]) == len(p[1])
        and _numbers(p[1]) for p in path)


class BadCalls(ValueError):
    """A listing that is not one a Recorder made (an unknown method, a wrong argument)."""


Prepared = list[tuple[str, Any]]  # calls ready to be made: (method name, its cairo arguments)


def prepare(listing: Any) -> Prepared:
    """A Recorder's listing (or one read back from a cache: every call checked before any is made) ready for draw;
    BadCalls when it is not such a listing."""
    if type(listing) is not dict:
        raise BadCalls("not a listing")
    names, ops, nums, extra = (listing.get(k) for k in ("names", "ops", "nums", "extra"))
    if type(names) is not list or not all(type(n) is str and (n in NUMBERS or n in OTHERS) for n in names):
        raise BadCalls("names: not drawing calls")
    if type(ops) is not list or not set(map(type, ops)) <= {int} or ops and not 0 <= min(ops) <= max(ops) < len(names):
        raise BadCalls("ops: not calls of names")
    if not _numbers(nums) or type(extra) is not list:
        raise BadCalls("nums, extra: not arguments")
    table = [(n, NUMBERS.get(n), ENUMS.get(n)) for n in names]
    made: dict[tuple, Any] = {}  # the font options and matrices made so far (a drawing repeats a few)
    out: Prepared = []
    i = j = 0
    try:
        for op in ops:
            name, arity, values = table[op]
            if arity is not None:
                args = nums[i:i + arity]
                i += arity
                if values is not None:  # an enum: an int (kept as a float by kit/artcache.py)
                    if len(args) != 1 or not float(args[0]).is_integer() or not 0 <= args[0] < values:
                        raise BadCalls(f"{name}: not one of cairo's {values} values")
                    args = [int(args[0])]
                out.append((name, args))
            else:
                out.append((name, _other(name, extra[j], made)))
                j += 1
    except IndexError:
        raise BadCalls("fewer arguments than calls") from None
    if i != len(nums) or j != len(extra):  # (a call short of numbers leaves i past the end)
        raise BadCalls("not as many arguments as calls")
    return out


def _other(name: str, arg: Any, made: dict[tuple, Any]) -> list:
    """The cairo arguments of a call of OTHERS from its listed argument."""
    if name in ("transform", "set_matrix"):
        if not _numbers(arg) or len(arg) != 6:
            raise BadCalls(f"{name}: not a matrix")
        key = ("matrix", *arg)
        if key not in made:
            made[key] = cairo.Matrix(*arg)
        return [made[key]]
    if name == "set_font_options":
        if type(arg) is not list or len(arg) != len(FONT_OPTIONS) or not all(
                type(v) is int and 0 <= v < top for v, top in zip(arg, FONT_OPTION_VALUES)):
            raise BadCalls("set_font_options: not font options")
        key = ("font options", *arg)
        if key not in made:
            try:
                made[key] = _font_options(arg)
            except (ValueError, cairo.CairoError) as exc:
                raise BadCalls(f"set_font_options: {exc}") from None
        return [made[key]]
    if name == "append_path":
        if not _path(arg):
            raise BadCalls("append_path: not a path")
        return [[(op, tuple(points)) for op, points in arg]]
    if type(arg) is not list or not 1 <= len(arg) <= 2 or not _numbers(arg[0]) or not _numbers(arg[1:]):
        raise BadCalls("set_dash: not a dash")
    return arg


def draw(cr: Any, prepared: Prepared) -> None:
    """Make prepared calls on a cairo context."""
    methods: dict[str, Any] = {}
    for name, args in prepared:
        method = methods.get(name)
        if method is None:
            method = methods[name] = getattr(cr, name)
        method(*args)
