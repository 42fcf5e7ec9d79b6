"""OpenSkill's Plackett-Luce update written out by hand, for the tests to compare with.

From the model's documentation (Weng and Lin 2011, Algorithm 4, as the openskill
package documents it), for one game of k players, each their own team, player i with
mean mu_i, deviation sigma_i and rank r_i (1 = first; equal ranks tie):

    sigma_i^2 <- sigma_i^2 + tau^2                         (tau = 25/300: dynamics)
    c    = sqrt( sum_i (sigma_i^2 + beta^2) )                (beta = 25/6)
    S_q  = sum over s with r_s >= r_q of exp(mu_s / c)
    A_q  = the number of players s with r_s = r_q
    p_iq = exp(mu_i / c) / S_q
    Omega_i = sigma_i^2 / c   * sum over q with r_q <= r_i of ([q = i] - p_iq) / A_q
    Delta_i = gamma_i * sigma_i^2 / c^2 * sum over q with r_q <= r_i of p_iq (1 - p_iq) / A_q,
              gamma_i = sigma_i / c
    mu_i'    = mu_i + Omega_i
    sigma_i' = sigma_i * sqrt( max(1 - Delta_i, kappa) )     (kappa = 0.0001)

Ties enter only through S_q and A_q (the package's own step that would average tied
players' changes compares each player with itself, so it changes nothing: nothing
of it here either).
"""
from __future__ import annotations

import math

MU, SIGMA = 25.0, 25.0 / 3
BETA, TAU, KAPPA = 25.0 / 6, 25.0 / 300, 0.0001


def update(players: list[tuple[float, float, int]]) -> list[tuple[float, float]]:
    mus = [mu for mu, _, _ in players]
    variances = [sigma ** 2 + TAU ** 2 for _, sigma, _ in players]
    ranks = [rank for _, _, rank in players]
    k = len(players)
    c = math.sqrt(sum(v + BETA ** 2 for v in variances))
    strength = [math.exp(mu / c) for mu in mus]
    sums = [sum(strength[s] for s in range(k) if ranks[s] >= ranks[q]) for q in range(k)]
    ties = [sum(1 for s in range(k) if ranks[s] == ranks[q]) for q in range(k)]
    result = []
    for i in range(k):
        omega = delta = 0.0
        for q in range(k):
            if ranks[q] <= ranks[i]:
                p = strength[i] / sums[q]
                omega += ((1.0 if q == i else 0.0) - p) / ties[q]
                delta += p * (1 - p) / ties[q]
        omega *= variances[i] / c
        gamma = math.sqrt(variances[i]) / c
        delta *= gamma * variances[i] / c ** 2
        result.append((mus[i] + omega, math.sqrt(variances[i]) * math.sqrt(max(1 - delta, KAPPA))))
    return result
