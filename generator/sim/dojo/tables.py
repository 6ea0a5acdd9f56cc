"""Walk tables precomputed from the static walls: neighbours in N<E<S<W order, distances, cached walks."""

from __future__ import annotations

from bisect import bisect_right
from collections import deque

from ...board.model import DOJO, FATIGUE, MIST, MISSTEP, CHALLENGE, N, SAFE, TRAINING, Board

# Square kinds as small integers.
K_TATAMI, K_TRAINING, K_FATIGUE, K_MIST, K_MISSTEP, K_CHALLENGE, K_TUNNEL, K_SAFE, K_DOJO = range(9)
_KIND = {TRAINING: K_TRAINING, FATIGUE: K_FATIGUE, MIST: K_MIST, MISSTEP: K_MISSTEP, CHALLENGE: K_CHALLENGE,
         SAFE: K_SAFE, DOJO: K_DOJO}
# P0 end-square rank (U01 step 3): Allenamento > Nebbia > Tunnel it would use > Tatami/Fatica/Safe > Sfida > Passo Falso.
RANK_TUNNEL_USED, RANK_PLAIN = 2, 3
_RANK = {K_TRAINING: 0, K_MIST: 1, K_TUNNEL: RANK_PLAIN, K_TATAMI: RANK_PLAIN, K_FATIGUE: RANK_PLAIN,
         K_SAFE: RANK_PLAIN, K_CHALLENGE: 4, K_MISSTEP: 5, K_DOJO: RANK_PLAIN}
GROW = 8  # P0 asks for this many times more walks of a fresh movement when the ones it has do not settle its choice
FAR = 10_000
PLAIN_MAX = 100_000  # paths whose plain prefix is remembered (P0's are the ranked tables' own path objects)


class Tables:
    """Static facts of one board the engine reads at every step (immutable after construction, memoised walks)."""

    def __init__(self, board: Board):
        self.board = board
        codes = board.codes
        self.size = len(codes)
        self.kind = tuple(K_TUNNEL if c.isdigit() else _KIND.get(c, K_TATAMI) for c in codes)
        self.is_dojo = tuple(k == K_DOJO for k in self.kind)
        self.is_safe = tuple(k == K_SAFE for k in self.kind)
        self.fatigue = tuple(int(k == K_FATIGUE) for k in self.kind)
        self.links = tuple(board.links)
        self.dojo = tuple(board.dojo_squares)
        self.nbrs = tuple(self._ordered(i) for i in range(self.size))  # every open neighbour, N<E<S<W
        self.steps = tuple(tuple(b for b in ns if not self.is_dojo[b]) for ns in self.nbrs)  # Dojo as a wall
        self.entry = tuple(next((b for b in ns if self.is_dojo[b]), -1) if not self.is_dojo[i] else -1
                           for i, ns in enumerate(self.nbrs))  # first Dojo square stepped into from here, or -1
        self.rooms = tuple(tuple(board.room_squares(k)) for k in range(4))
        self.room_of = tuple(next((k for k in range(4) if i in self.rooms[k]), -1) for i in range(self.size))
        self.tunnels = tuple(i for i in range(self.size) if self.kind[i] == K_TUNNEL and self.links[i] is not None)
        self.dist = self._distances()
        self.closer = tuple(self.links[i] is not None and self.dist[self.links[i]] < self.dist[i]
                            for i in range(self.size))
        self.rank = tuple(RANK_TUNNEL_USED if self.kind[i] == K_TUNNEL and self.closer[i] else _RANK[self.kind[i]]
                          for i in range(self.size))
        self.best_start = tuple(min(room, key=lambda i: (self.dist[i], i)) if room else -1 for room in self.rooms)
        self._low: list[tuple[tuple[int, int], ...]] = [tuple((0, r) for r in self.rank)]
        self.ranked_memo: dict[tuple[int, int], tuple[list, bool]] = {}  # (start, length) -> ranked(...)
        self._entries: dict[int, list] = {}
        self.checked_paths: dict[tuple, tuple] = {}  # (id, start, roll, Brown) -> (path, plain(path)): found legal
        self.policy_memo: dict = {}  # what a policy remembers about this board (lookahead.py)
        self.plain_memo: dict[int, tuple[tuple[int, ...], int]] = {}  # id(path) -> (path, plain(path))

    def plain(self, path: tuple[int, ...]) -> int:
        """How many leading squares of a path are neither the Dojo nor Fatica (remembered per path object)."""
        hit = self.plain_memo.get(id(path))
        if hit is not None and hit[0] is path:
            return hit[1]
        k = 0
        for x in path:
            if self.is_dojo[x] or self.fatigue[x]:
                break
            k += 1
        if type(path) is tuple:
            if len(self.plain_memo) >= PLAIN_MAX:
                self.plain_memo.clear()  # (a random player's paths are new objects every time)
            self.plain_memo[id(path)] = (path, k)
        return k

    def _ordered(self, i: int) -> tuple[int, ...]:
        r, c = divmod(i, N)
        out = []
        for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
            j = rr * N + cc
            if 0 <= rr < N and 0 <= cc < N and j in self.board.neighbours[i]:
                out.append(j)
        return tuple(out)

    def _distances(self) -> tuple[int, ...]:
        """Walking distance of every square to the nearest square next to a Dojo entrance (Dojo as a wall)."""
        dist = [FAR] * self.size
        todo = deque(i for i in range(self.size) if self.entry[i] >= 0)
        for i in todo:
            dist[i] = 0
        while todo:
            a = todo.popleft()
            for b in self.steps[a]:
                if dist[b] == FAR:
                    dist[b] = dist[a] + 1
                    todo.append(b)
        return tuple(dist)

    def lows(self, n: int) -> list[tuple[tuple[int, int], ...]]:
        """lows(n)[j][x], j < n: a lower bound of (Fatica, end rank) over the j-step walks from x (revisits allowed)."""
        low = self._low
        while len(low) < n:
            prev = low[-1]
            low.append(tuple(min(((self.fatigue[y] + prev[y][0], prev[y][1]) for y in ys), default=(FAR, 0))
                             for ys in self.steps))
        return low

    def walks(self, start: int, length: int, visited: set[int]) -> list[tuple[int, tuple[int, ...]]]:
        """Every walk of exactly length steps avoiding visited (Dojo as a wall) as (Fatica count, squares), N<E<S<W order."""
        out: list[tuple[int, tuple[int, ...]]] = []
        path: list[int] = []
        steps, fat = self.steps, self.fatigue

        def rec(a: int, k: int, f: int) -> None:
            for b in steps[a]:
                if b not in visited:
                    visited.add(b)
                    path.append(b)
                    if k == 1:
                        out.append((f + fat[b], tuple(path)))
                    else:
                        rec(b, k - 1, f + fat[b])
                    path.pop()
                    visited.discard(b)

        if length > 0:
            rec(start, length, 0)
        return out

    def longest(self, start: int, limit: int, visited: set[int]) -> int:
        """Length of the longest walk from start avoiding visited, capped at limit (U02)."""
        steps = self.steps
        best = 0

        def rec(a: int, k: int) -> bool:
            nonlocal best
            best = max(best, k)
            if best >= limit:
                return True
            for b in steps[a]:
                if b not in visited:
                    visited.add(b)
                    done = rec(b, k + 1)
                    visited.discard(b)
                    if done:
                        return True
            return False

        rec(start, 0)
        return best

    def entries(self, start: int, length: int, visited: set[int]) -> list[tuple[int, tuple[int, ...]]]:
        """Dojo entries (DR-X02): walks of fewer than length steps then one step in, as (Fatica count, squares)."""
        out: list[tuple[int, tuple[int, ...]]] = []
        path: list[int] = []
        nbrs, is_dojo, fat, entry, dist = self.nbrs, self.is_dojo, self.fatigue, self.entry, self.dist

        def rec(a: int, k: int, f: int) -> None:
            for b in nbrs[a]:
                if is_dojo[b]:
                    if b == entry[a]:
                        out.append((f, tuple(path) + (b,)))
                elif dist[b] < k - 1 and b not in visited:  # else no entrance is reached in the steps left
                    visited.add(b)
                    path.append(b)
                    rec(b, k - 1, f + fat[b])
                    path.pop()
                    visited.discard(b)

        if length > 0:
            rec(start, length, 0)
        return out

    def ranked(self, start: int, length: int, keep: int = 1) -> tuple[list[tuple[int, int, tuple[int, ...]]], bool]:
        """P0 table of a fresh movement: its best walks by (Fatica, static end rank, N<E<S<W), at least keep of them
        (fewer only when there are no more), and whether there are more."""
        key = (start, length)
        hit = self.ranked_memo.get(key)
        if hit is None or (hit[1] and len(hit[0]) < keep):
            hit = self.best_walks(start, length, keep)
            self.ranked_memo[key] = hit
        return hit

    def best_walks(self, start: int, length: int, keep: int,
                   visited: set[int] | None = None) -> tuple[list[tuple[int, int, tuple[int, ...]]], bool]:
        """The first keep of walks(start, length, visited) (default {start}: a fresh movement) stably sorted by
        (Fatica, end rank), and whether there are more.

        Once more than keep walks were seen, a step whose walks cannot beat the last one kept (by lows) is skipped.
        """
        keys: list[tuple[int, int]] = []
        kept: list[tuple[int, int, tuple[int, ...]]] = []
        seen = 0
        visited, path = {start} if visited is None else set(visited), []
        steps, fat, rank, low = self.steps, self.fatigue, self.rank, self.lows(length)

        def rec(a: int, k: int, f: int) -> None:
            nonlocal seen
            bound = low[k - 1]
            for b in steps[a]:
                if b in visited:
                    continue
                g = f + fat[b]
                if seen > keep and (g + bound[b][0], bound[b][1]) >= keys[-1]:
                    continue
                path.append(b)
                if k > 1:
                    visited.add(b)
                    rec(b, k - 1, g)
                    visited.discard(b)
                else:
                    seen += 1
                    i = bisect_right(keys, (g, rank[b]))
                    if i < keep:
                        keys.insert(i, (g, rank[b]))
                        kept.insert(i, (g, rank[b], tuple(path)))
                        del keys[keep:], kept[keep:]
                path.pop()

        if length > 0:
            rec(start, length, 0)
        return kept, seen > keep

    def fresh_entries(self, start: int) -> list[tuple[int, tuple[int, ...]]]:
        """Every Dojo entry of a fresh movement of up to 12 steps, by (Fatica, N<E<S<W); filter by length."""
        hit = self._entries.get(start)
        if hit is None:
            hit = sorted(self.entries(start, 12, {start}), key=lambda e: e[0])
            self._entries[start] = hit
        return hit
