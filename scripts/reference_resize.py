"""The resize both Python references share, so they agree with each other as Beacon's two preprocessors do."""

import numpy as np


def resize_bilinear(image, new_w, new_h):
    """Half-pixel-centre bilinear resize of an HxWx3 uint8 array to float32."""
    src_h, src_w = image.shape[:2]

    def axis(dst, src):
        f = (np.arange(dst, dtype=np.float32) + 0.5) * np.float32(src / dst) - 0.5
        i0 = np.floor(f).astype(np.int64)
        f = f - i0
        low = i0 < 0
        f[low] = 0
        i0[low] = 0
        high = i0 >= src - 1
        f[high] = 0
        i0[high] = src - 1
        i1 = np.minimum(i0 + 1, src - 1)
        return i0, i1, f.astype(np.float32)

    y0, y1, fy = axis(new_h, src_h)
    x0, x1, fx = axis(new_w, src_w)
    img = image.astype(np.float32)
    top = img[y0][:, x0] * (1 - fx)[None, :, None] + img[y0][:, x1] * fx[None, :, None]
    bottom = img[y1][:, x0] * (1 - fx)[None, :, None] + img[y1][:, x1] * fx[None, :, None]
    return top * (1 - fy)[:, None, None] + bottom * fy[:, None, None]
