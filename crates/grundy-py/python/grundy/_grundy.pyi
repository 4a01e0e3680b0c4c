"""Type stubs of the native module ``grundy._grundy`` (Rust, PyO3).

The public API is the package ``grundy``, which wraps these; the reports cross as JSON text
(the documents of ``grundy ... --format json``) and ``grundy`` turns them into objects.
"""

from typing import Any, Callable, Iterable, Optional, Union

import numpy as np
import numpy.typing as npt

__version__: str

class GrundyError(Exception):
    """Base class of the errors grundy raises."""

    message: str
    span: Optional[tuple[int, int]]
    spec: Optional[str]
    help: Optional[str]

class SpecError(GrundyError):
    """Bad input: spec text that does not parse, or a rule or position that is not legal.
    ``span`` is the (start, end) byte range in ``spec`` when known; ``str(error)`` shows the
    spec with a caret under it."""

class LimitError(GrundyError):
    """A computation stopped at one of its limits (positions, moves examined, memory, moves
    listed); ``help`` names the parameter that raises it (``max_positions=``, ``max_work=``,
    ``max_memory=``, ``max_order=``) and a value worth trying, such as
    ``max_work=2_000_000_000 raises the limit``."""

class Nimber:
    """A nimber: an element of the field GF(2^64) of nim arithmetic.

    ``a ^ b`` and ``a + b`` (and ``a - b``) are the nim-sum (XOR), ``a * b`` the nim-product,
    ``a / b`` the product with the inverse, ``a ** k`` a power; ints mix in as nimbers.
    ``Nimber(2) * Nimber(3) == Nimber(1)``; ``str(Nimber(5)) == "*5"``.
    """

    def __init__(self, value: int) -> None: ...
    @property
    def value(self) -> int:
        """The nimber as an int."""
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __xor__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __rxor__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __add__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __radd__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __sub__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __mul__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __rmul__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __truediv__(self, other: Union["Nimber", int]) -> "Nimber":
        """Raises ZeroDivisionError for the nimber 0."""
    def __rtruediv__(self, other: Union["Nimber", int]) -> "Nimber": ...
    def __pow__(self, exponent: int, modulo: None = None) -> "Nimber": ...
    def inverse(self) -> "Nimber":
        """The multiplicative inverse; ZeroDivisionError for 0."""
    def sqrt(self) -> "Nimber":
        """The square root (every nimber has exactly one)."""

class Game:
    """A sum of games (built-in or written in Python) and the limits of its computations."""

    def spec(self) -> str:
        """The game as spec text."""
    def canonical_key(self) -> str:
        """Spec text that equal positions share (each component's representative, all sorted)."""
    def value_report(self, misere: bool) -> str:
        """``grundy value SPEC [--misere] --format json``."""
    def moves_report(self, misere: bool) -> str:
        """``grundy moves SPEC [--misere] --format json``."""
    def dag_report(self, max_nodes: int, misere: bool) -> str:
        """``grundy dag SPEC --max-nodes N [--misere] --format json``."""
    def highest_bit_report(self) -> str:
        """The highest-bit rule of the sum spelled out, as JSON."""
    def value(self) -> int:
        """The Grundy value of a game without cycles."""
    def plus(self, other: "Game") -> "Game":
        """The sum of this game and ``other``; both keep sharing their memos."""
    def winning_moves(self, misere: bool) -> tuple[str, list["Game"]]:
        """``grundy value SPEC [--misere] --format json`` and the games its winning moves lead
        to, in its order; none for a game with cycles or in misère play."""
    def play(self, misere: bool) -> "PlayState":
        """This position in play against a perfect opponent."""

class PlayState:
    """A game in play (``grundy play``); belongs to the thread that made it."""

    def view(self) -> str:
        """The position, its outcome and every move, as JSON."""
    def computer_move(self) -> str:
        """Lets the computer move; its move and reason as JSON."""
    def make_move(self, text: str) -> None:
        """Plays a move given by its number (from 1), description or resulting position."""
    def position(self) -> str:
        """The position as spec text."""

class Rules:
    """A game written in Python: its moves function (position -> iterable of moves, each a
    position or a plain tuple of positions), an optional canonical function, a name, and one
    memo shared by every game made from it."""

    def __init__(
        self,
        moves: Callable[[Any], Iterable[Any]],
        canonical: Optional[Callable[[Any], Any]] = None,
        name: str = "game",
        max_positions: Optional[int] = None,
        max_work: Optional[int] = None,
    ) -> None: ...
    def game(self, positions: list[Any]) -> Game:
        """The sum of ``positions`` in this game."""
    def value(self, position: Any) -> Union[int, str]:
        """The Grundy value of ``position``; ``"inf"`` when it is loopy and infinite."""
    @property
    def calls(self) -> int:
        """How many times the moves function has been called."""
    @property
    def positions_seen(self) -> int:
        """How many distinct positions have been seen."""
    @property
    def name(self) -> str:
        """The name used in spec-like text."""

class PartizanValue:
    """A handle to a canonical form in the process's table of partizan values."""

    def canonical(self) -> str: ...
    def add(self, other: "PartizanValue") -> "PartizanValue": ...
    def sub(self, other: "PartizanValue") -> "PartizanValue": ...
    def neg(self) -> "PartizanValue": ...
    def compare(self, other: "PartizanValue") -> str: ...
    def outcome(self) -> str: ...
    def is_number(self) -> bool: ...
    def temperature_theory(self) -> tuple[str, str, str, str]: ...
    def thermograph(self) -> str: ...
    def reduced(self) -> "PartizanValue": ...
    def atomic_weight(self) -> Optional["PartizanValue"]: ...
    def cool(self, t: "PartizanValue", heat: bool) -> "PartizanValue": ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def partizan_value(spec: str) -> PartizanValue: ...

class PartizanRules:
    """A partizan game written in Python: Left's and Right's move functions."""

    def __init__(
        self,
        left: Callable[[Any], Any],
        right: Callable[[Any], Any],
        max_positions: Optional[int] = None,
        max_work: Optional[int] = None,
    ) -> None: ...
    def value(self, positions: list[Any]) -> PartizanValue: ...
    @property
    def positions_seen(self) -> int: ...
    @property
    def work(self) -> int: ...

def report_of(
    question: str,
    spec: str,
    misere: bool = False,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> str:
    """A report of spec text, impartial or partizan, as JSON: ``question`` is ``"value"``,
    ``"moves"``, ``"left_move"`` or ``"right_move"``."""

def parse(
    spec: str,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> Game:
    """Parses spec text (``"kayles(13) + nim(3,4,5)"``) into a game; SpecError on bad input."""

def seq(
    rule_text: str, to: int, max_positions: Optional[int] = None, max_work: Optional[int] = None
) -> npt.NDArray[np.uint64]:
    """Grundy values of heaps ``0..=to`` as a NumPy array of uint64."""

def sequence_report(
    rule_text: str,
    to: int,
    misere: bool = False,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
) -> str:
    """``grundy seq RULE --to N [--misere] --format json``, tagged with its ``kind``."""

class Quotient:
    """A misère quotient of heaps of a heap rule."""

    def report(self) -> str:
        """``grundy quotient RULE --to N --format json``."""
    def outcome(self, heaps: list[int]) -> str:
        """``"N"`` or ``"P"``: the misère outcome of the sum of ``heaps``."""

def quotient(
    rule_text: str,
    to: Optional[int] = None,
    max_order: int = 4096,
    max_positions: Optional[int] = None,
    max_work: Optional[int] = None,
) -> Quotient:
    """The misère quotient of heaps ``1..=to`` of a heap rule, or of every heap (``None``;
    a growth that a limit stops reports ``stopped``). ``max_work`` defaults to 2**30 moves
    examined, as ``grundy quotient``."""

def period_report(rule_text: str, max: int) -> str:
    """``grundy period RULE --max MAX --format json``."""

def verify_report(certificate_json: str, by: Optional[str] = None) -> str:
    """``grundy verify CERT [--by BY] --format json``; ValueError when the text is no
    certificate or ``by`` no route."""

def nim_mul_arrays(
    left: npt.NDArray[np.uint64], right: npt.NDArray[np.uint64]
) -> npt.NDArray[np.uint64]:
    """The nim-product of two one-dimensional arrays of equal length, element by element."""

def nimber_expression(text: str) -> Nimber:
    """The value of a nimber expression (``"3*5+7"``, ``"inv(9)"``, ``"sqrt(5)"``)."""

# The census (`census.rs`): rows cross as the bytes of one-row Parquet census files.
def census_rules(rules: list[str], families: list[str]) -> list[str]: ...
def census_pending(names: list[str], heaps: int, out: Optional[str] = None) -> list[str]: ...
def census_row(rule: str, heaps: int) -> bytes: ...
def census_merge(parts: list[bytes], names: list[str], out: Optional[str] = None) -> str: ...
def census_run(rules: list[str], heaps: int, out: Optional[str] = None) -> str: ...
def census_read(path: str) -> str: ...
