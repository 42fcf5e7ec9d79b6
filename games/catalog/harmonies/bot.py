def choose_move(rules, state, seat, rng):
    moves = rules.legal_moves(state, seat)
    return moves[rng.randbelow(len(moves), "bot")]
