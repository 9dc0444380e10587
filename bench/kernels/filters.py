"""1-D filtering (bench/samples_bench.py): a 4 M-sample signal smoothed with a 31-tap
kernel by np.convolve ('same') and matched against a template by np.correlate ('valid'):
each output one dot product of the overlapping samples, in parallel over the outputs."""
import numpy as np


# npc export filters(float64[:], float64[:], float64[:])
def filters(signal, taps, template):
    return np.convolve(signal, taps, "same"), np.correlate(signal, template)
