"""sRGB card faces to press CMYK: real colour management (littleCMS through Pillow's ImageCms) into a SWOP
characterisation, then a total-ink limit.

The output profile is Ghostscript's "Artifex CMYK SWOP Profile" (`default_cmyk.icc`, Debian package
`libgs-common`, installed with Ghostscript; any ICC v2/v4 CMYK output profile can be named instead with the
environment variable DOJO_CMYK_PROFILE). It characterises web offset on coated stock (SWOP, CGATS TR 001), the
printing condition print shops such as DriveThruCards print to; its own separation lays up to ~300 % ink, so
every pixel then goes through `limit_ink`: grey-component replacement (the shared grey of C, M and Y moved to K,
which prints the same neutral with less ink) and, where that is not enough, C, M and Y scaled down together,
until C + M + Y + K is at most INK_LIMIT percent.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import numpy as np
from PIL import Image, ImageCms

INK_LIMIT = 240  # percent of total ink (C + M + Y + K) a print shop's press takes (DriveThruCards: 240 %)
PROFILE_ENV = "DOJO_CMYK_PROFILE"
PROFILE_PATHS = ("/usr/share/color/icc/ghostscript/default_cmyk.icc",  # Debian/Ubuntu: libgs-common
                 "/usr/share/ghostscript/iccprofiles/default_cmyk.icc",  # Fedora
                 "/opt/homebrew/share/ghostscript/iccprofiles/default_cmyk.icc",  # macOS, Homebrew
                 "/usr/local/share/ghostscript/iccprofiles/default_cmyk.icc")
INSTALL_HINT = ("install Ghostscript's colour profiles (Debian/Ubuntu: apt-get install libgs-common; macOS: brew "
                "install ghostscript), or set DOJO_CMYK_PROFILE to a CMYK output profile (.icc)")


class ProfileMissing(Exception):
    """No CMYK output profile on this machine: the message says where it was looked for and how to install it."""


@functools.cache
def profile_path() -> Path:
    """The CMYK output profile file: $DOJO_CMYK_PROFILE, else the first of PROFILE_PATHS present."""
    named = os.environ.get(PROFILE_ENV)
    for candidate in ([named] if named else PROFILE_PATHS):
        if Path(candidate).is_file():
            return Path(candidate)
    where = f"{PROFILE_ENV}={named}" if named else ", ".join(PROFILE_PATHS)
    raise ProfileMissing(f"no CMYK colour profile found (looked at {where}): {INSTALL_HINT}")


@functools.cache
def profile_bytes() -> bytes:
    """The CMYK output profile as embedded in a PDF's output intent (checked to be a CMYK output profile)."""
    data = profile_path().read_bytes()
    profile = ImageCms.ImageCmsProfile(ImageCms.core.profile_frombytes(data))
    if profile.profile.xcolor_space.strip() != "CMYK" or profile.profile.device_class != "prtr":
        raise ProfileMissing(f"{profile_path()} is not a CMYK output (printer) profile: {INSTALL_HINT}")
    return data


def profile_name() -> str:
    """The output profile's own description ("Artifex CMYK SWOP Profile")."""
    profile = ImageCms.ImageCmsProfile(ImageCms.core.profile_frombytes(profile_bytes()))
    return ImageCms.getProfileDescription(profile).strip()


@functools.cache
def _to_cmyk() -> ImageCms.ImageCmsTransform:
    srgb = ImageCms.createProfile("sRGB")
    press = ImageCms.ImageCmsProfile(ImageCms.core.profile_frombytes(profile_bytes()))
    return ImageCms.buildTransform(srgb, press, "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


@functools.cache
def _to_rgb() -> ImageCms.ImageCmsTransform:
    press = ImageCms.ImageCmsProfile(ImageCms.core.profile_frombytes(profile_bytes()))
    return ImageCms.buildTransform(press, ImageCms.createProfile("sRGB"), "CMYK", "RGB",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


def to_cmyk(image: Image.Image, limit: int = INK_LIMIT) -> Image.Image:
    """An sRGB image separated for the press profile, total ink at most `limit` percent."""
    separated = ImageCms.applyTransform(image.convert("RGB"), _to_cmyk())
    return Image.fromarray(limit_ink(np.asarray(separated), limit), "CMYK")


def to_rgb(image: Image.Image) -> Image.Image:
    """A CMYK image as sRGB through the press profile (how the print will look: the preflight's page check)."""
    return ImageCms.applyTransform(image, _to_rgb())


def limit_ink(cmyk: np.ndarray, limit: int = INK_LIMIT) -> np.ndarray:
    """uint8 C, M, Y, K pixels (..., 4) with total ink at most `limit` percent: grey-component replacement first
    (take x of each of C, M, Y and add x to K: the same neutral, 2x less ink), then C, M, Y scaled together."""
    cap = limit * 255 // 100
    out = cmyk.astype(np.int32)
    total = out.sum(axis=-1)
    over = total > cap
    if not over.any():
        return cmyk.astype(np.uint8)
    px = out[over]
    grey = np.minimum(np.minimum(px[:, :3].min(axis=1), 255 - px[:, 3]), (total[over] - cap + 1) // 2)
    px[:, :3] -= grey[:, None]
    px[:, 3] += grey
    room = np.maximum(cap - px[:, 3], 0)
    cmy = px[:, :3].sum(axis=1)
    scale = np.where(cmy > room, room / np.maximum(cmy, 1), 1.0)
    px[:, :3] = np.floor(px[:, :3] * scale[:, None])
    px[:, 3] = np.minimum(px[:, 3], cap)
    out[over] = px
    return out.astype(np.uint8)


def max_ink(image: Image.Image) -> float:
    """The highest total ink of a CMYK image's pixels, in percent."""
    return float(np.asarray(image, dtype=np.int32).sum(axis=-1).max()) * 100 / 255
