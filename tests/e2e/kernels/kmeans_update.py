import numpy as np


# npc export kmeans_update(float64[:,:], float64[:,:])
def kmeans_update(X, means):
    # One Lloyd iteration: assign, then move each mean to its points' average (a mean with
    # no points stays where it was).
    labels = np.argmin(np.linalg.norm(X - means[:, None], axis=2), axis=0)
    k = means.shape[0]
    counts = np.bincount(labels, minlength=k)
    moved = means.copy()
    for d in range(X.shape[1]):
        sums = np.bincount(labels, weights=X[:, d], minlength=k)
        moved[:, d] = np.where(counts > 0, sums / np.maximum(counts, 1), means[:, d])
    return labels, counts, moved
