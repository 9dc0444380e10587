"""Escape-time Mandelbrot set: scalar loops with a while loop per pixel."""
import numpy as np


# npc export mandelbrot(float64[:], float64[:], int)
def mandelbrot(re, im, max_iter):
    counts = np.zeros((im.shape[0], re.shape[0]), dtype=np.int64)
    for i in range(im.shape[0]):
        for j in range(re.shape[0]):
            cr = re[j]
            ci = im[i]
            zr = 0.0
            zi = 0.0
            k = 0
            while k < max_iter and zr * zr + zi * zi <= 4.0:
                zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
                k += 1
            counts[i, j] = k
    return counts
