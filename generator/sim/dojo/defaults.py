"""Every PROVISIONAL default U01-U32 of the rules spec in one place: a designer's ruling changes one line."""

from __future__ import annotations

from dataclasses import dataclass, fields

# Safe Room of each seat by player count (U13); seat 0 is the first player.
ROOMS_BY_COUNT: tuple[tuple[int, tuple[int, ...]], ...] = (
    (2, (0, 2)), (3, (0, 1, 2)), (4, (0, 1, 2, 3)), (5, (0, 1, 2, 0, 3)), (6, (0, 1, 2, 3, 0, 1)),
    (7, (0, 1, 2, 3, 0, 1, 2)), (8, (0, 1, 2, 3, 0, 1, 2, 3)),
)


@dataclass(frozen=True)
class Rulings:
    """The provisional readings of the spec's Underdetermined section, one field per U id.

    Fields marked "switch" change the engine or the P0 policy when set to the other value. Fields marked
    "fixed" are readings with no alternative worth a switch yet: changing one raises ValueError (never a
    silent no-op); the comment says where the reading is implemented.
    """

    u01_policy: str = "p0"  # switch: default policy of `dojo sim` (p0 or random); the engine exposes every legal path
    u02_longest_fallback: bool = True  # fixed: a blocked pawn walks a maximum-length path (policy.path, tables.longest)
    u03_start_visited: bool = True  # switch: a movement cannot step back onto its own start square
    u04_tie_break: str = "seating-then-reading"  # fixed: seating order from the actor, then squares by row/column
    u05_placed_no_effect: bool = True  # fixed: placed back on a Tunnel/Nebbia/...: no effect (engine.square_effect)
    u06_chain_in_path_order: bool = True  # fixed: Kumite in path order, one per opponent in seating order (engine.enter)
    u07_no_target_does_nothing: bool = True  # fixed: Sfida/Irimi/Tunnel Segreto without a target do nothing
    u08_lazy_reshuffle: bool = True  # fixed: discards reshuffled when a draw finds the pile empty (engine.draw)
    u09_keep_order: tuple[str, ...] = ("kiai", "uke", "kaeshi")  # switch: P0 keeps the first of these Techniques
    u10_start_nearest_dojo: bool = True  # switch: P0 start square nearest a Dojo entrance (False: reading order)
    u11_passed_tunnel_ordinary: bool = True  # fixed: a tunnel passed mid-movement is an ordinary square
    u12_meditating_blocks_exit: bool = True  # switch: any meditating pawn on the exit blocks (False: only if all do)
    u13_rooms: tuple[tuple[int, tuple[int, ...]], ...] = ROOMS_BY_COUNT  # switch: Safe Room of each seat by count
    u14_clamp: tuple[int, int] = (0, 17)  # switch: every change clamped to the ladder as it is applied
    u15_players: tuple[int, int] = (2, 8)  # switch: player counts the simulator accepts (2: issue 33's ruling)
    u16_play_only_to_change_outcome: bool = True  # switch: P0 plays a Technique only when losing (False: always)
    u17_kaeshi_before_defender: bool = True  # fixed: Kaeshi rerolls at once, the defender decides after (engine.kumite)
    u18_winner_uke_discarded: bool = True  # fixed: Uke played by the winner has no effect and is discarded
    u19_uke_attacker_back: bool = True  # fixed: a losing attacker with Uke goes back to the square it came from
    u20_placed_share: bool = True  # fixed: placed arrivals share an occupied square (no Kumite, no extra step)
    u21_extra_step_repeats: bool = True  # switch: the extra step repeats while the square holds an unfaceable pawn
    u22_sensei_peso_everyone: bool = True  # switch: Sensei/Peso count everyone (False: drawer and eligible targets)
    u23_exam_skip_meditating: bool = True  # switch: meditating opponents skipped (False: meditating top = no Exam)
    u24_tunnel_only_if_closer: bool = True  # switch: P0 teleports only to a closer free exit (False: whenever legal)
    u25_no_defender_back: bool = True  # fixed: Exam without defender: placed on the square stepped in from
    u26_meditation_until_skipped_turn: bool = True  # fixed: meditating from the draw to the end of the skipped turn
    u27_first_round_whole_turn: bool = True  # fixed: the first round lasts through the last seat's whole first turn
    u28_passo_falso_keeps_changes: bool = True  # fixed: notch changes and Start returns of the movement stand
    u29_tunnel_partner_link: bool = True  # fixed: the exit is the linked partner of DR-O05 (board.links)
    u30_tsugi_chain_limit: int | None = None  # switch: Tsugi-ashi movements per turn unlimited (None) or capped
    u31_max_turns: int = 2000  # switch: turn cap; a game reaching it is recorded unfinished
    u32_roommates_share_start: bool = True  # switch: roommates may share a start square (False: P0 takes another)

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.name in FIXED and getattr(self, f.name) != f.default:
                raise ValueError(f"{f.name[:3].upper()}: only the default reading is implemented; change the engine")

    def rooms(self, players: int) -> tuple[int, ...]:
        """U13: the Safe Room of each seat."""
        return dict(self.u13_rooms)[players]


FIXED = frozenset({
    "u02_longest_fallback", "u04_tie_break", "u05_placed_no_effect", "u06_chain_in_path_order",
    "u07_no_target_does_nothing", "u08_lazy_reshuffle", "u11_passed_tunnel_ordinary", "u17_kaeshi_before_defender",
    "u18_winner_uke_discarded", "u19_uke_attacker_back", "u20_placed_share", "u25_no_defender_back",
    "u26_meditation_until_skipped_turn", "u27_first_round_whole_turn", "u28_passo_falso_keeps_changes",
    "u29_tunnel_partner_link",
})
RULINGS = Rulings()
