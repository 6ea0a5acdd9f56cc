"""Every PROVISIONAL default U01-U32 of the rules spec in one place: a designer's ruling changes one line."""

from __future__ import annotations

from dataclasses import dataclass, field

# Safe Room of each seat by player count (U13); seat 0 is the first player.
ROOMS_BY_COUNT: dict[int, tuple[int, ...]] = {
    3: (0, 1, 2), 4: (0, 1, 2, 3), 5: (0, 1, 2, 0, 3), 6: (0, 1, 2, 3, 0, 1),
    7: (0, 1, 2, 3, 0, 1, 2), 8: (0, 1, 2, 3, 0, 1, 2, 3),
}


@dataclass(frozen=True)
class Rulings:
    """The provisional readings of the spec's Underdetermined section, one field per U id.

    Items whose reading is a policy choice (U01, U09, U10, U16, U24) live in generator.sim.policy (P0);
    items that are fixed readings with no alternative worth a switch are documented here and in the engine.
    """

    u01_policy: str = "p0"  # U01 path choice: the policy picks among every legal movement (p0 or random)
    u02_longest_fallback: bool = True  # U02 blocked pawn walks a path of the maximum achievable length
    u03_start_visited: bool = True  # U03 a movement cannot step back onto its own start square
    u04_tie_break: str = "seating-then-reading"  # U04 residual ties: seating order from the actor, squares row/col
    u05_placed_no_effect: bool = True  # U05 placed back (Passo Falso) on a Tunnel/Nebbia: no effect, no teleport
    u06_chain_in_path_order: bool = True  # U06 Kumite in path order, one per opponent in seating order
    u07_no_target_does_nothing: bool = True  # U07 Sfida/Irimi/Tunnel Segreto with no eligible target: nothing
    u08_lazy_reshuffle: bool = True  # U08 discards reshuffled only when a draw finds the pile empty
    u09_keep_order: tuple[str, ...] = ("kiai", "uke", "kaeshi")  # U09 P0 keeps the first of these
    u10_start_nearest_dojo: bool = True  # U10 P0 start square: shortest walk to a Dojo entrance, then reading order
    u11_passed_tunnel_ordinary: bool = True  # U11 a tunnel passed mid-movement is an ordinary square
    u12_meditating_blocks_exit: bool = True  # U12 any meditating pawn on the exit blocks the tunnel
    u13_rooms: dict[int, tuple[int, ...]] = field(default_factory=lambda: dict(ROOMS_BY_COUNT))  # U13 rooms by seat
    u14_clamp: tuple[int, int] = (0, 17)  # U14 every change clamped to the ladder as it is applied
    u15_players: tuple[int, int] = (3, 8)  # U15 player counts accepted by the simulator
    u16_play_only_to_change_outcome: bool = True  # U16 P0 plays a Technique only when losing
    u17_kaeshi_before_defender: bool = True  # U17 Kaeshi rerolls at once; the defender decides after seeing it
    u18_winner_uke_discarded: bool = True  # U18 Uke played by the winner: no effect, discarded
    u19_uke_attacker_back: bool = True  # U19 losing attacker with Uke goes back to the square it came from
    u20_placed_share: bool = True  # U20 placed arrivals share an occupied square (no Kumite, no extra step)
    u21_extra_step_repeats: bool = True  # U21 the extra step repeats while the new square holds an unfaceable pawn
    u22_sensei_peso_everyone: bool = True  # U22 Sensei/Peso apply by ladder to everyone (meditating, Safe Room too)
    u23_exam_skip_meditating: bool = True  # U23 meditating opponents skipped (False: meditating top player = no Exam)
    u24_tunnel_only_if_closer: bool = True  # U24 P0 uses a tunnel only if the exit is strictly closer and free
    u25_no_defender_back: bool = True  # U25 Exam without defender: placed on the square stepped in from
    u26_meditation_until_skipped_turn: bool = True  # U26 meditating from the draw to the end of the skipped turn
    u27_first_round_whole_turn: bool = True  # U27 first round lasts through the last seat's whole first turn
    u28_passo_falso_keeps_changes: bool = True  # U28 notch changes and Start returns of the movement stand
    u29_tunnel_partner_link: bool = True  # U29 the exit is the linked partner of DR-O05 (board.links)
    u30_tsugi_chain_limit: int | None = None  # U30 Tsugi-ashi chains unlimited (None) or capped
    u31_max_turns: int = 2000  # U31 turn cap; a game reaching it is recorded unfinished
    u32_roommates_share_start: bool = True  # U32 roommates may share a start square


RULINGS = Rulings()
