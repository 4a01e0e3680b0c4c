//! [`Graph`]: an undirected simple graph of at most 120 named vertices, its edges as `u128`
//! neighbour masks, given as an edge list or a named family (`path`, `cycle`, `complete`,
//! `grid`, `petersen`): the board of [`super::NodeKayles`] and [`super::ArcKayles`].
//!
//! The routines of a move's listing are `#[inline(always)]`, so that the listing compiled for
//! the processor's bit instructions ([`crate::cpu`]) holds them whole.

use std::cmp::Ordering;

use super::digraph::check_names;
use crate::error::{Error, Result};

/// The most vertices a [`Graph`] may have: its sets are `u128` masks, one bit kept as the
/// search's marker.
pub const MAX_VERTICES: usize = 120;

/// An undirected simple graph of at most 120 named vertices, its edges as neighbour masks.
///
/// # Example
/// ```
/// use grundy::rules::Graph;
/// let names = ["a", "b", "c"].map(String::from).to_vec();
/// let graph = Graph::new(names, &[(0, 1), (1, 2)])?;
/// assert_eq!(graph.len(), 3);
/// assert_eq!(graph.format_set(graph.all()), "a-b, b-c");
/// assert_eq!(Graph::cycle(4)?.format_set(0b0111), "1-2, 2-3");
/// assert_eq!(Graph::cycle(4)?.format_set(0b1111), "cycle(4)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    pub(super) names: Vec<String>,
    /// Bit `u` of `adjacent[v]` is set when `u` and `v` are joined.
    pub(super) adjacent: Vec<u128>,
    /// The family's spec text (`grid(3x5)`) when the graph was built as one: the whole graph
    /// is written so ([`Graph::format_set`]).
    family: Option<String>,
}

impl Graph {
    /// The graph on the vertices `names` with the edges `(a, b)` (indices into `names`);
    /// repeated edges count once.
    ///
    /// # Errors
    /// More than 120 vertices; an edge naming a vertex that does not exist, or a loop; an
    /// empty, repeated or unprintable vertex name (whitespace or one of `-,;()+`), or the name
    /// `petersen`, which names a graph.
    pub fn new(names: Vec<String>, edges: &[(usize, usize)]) -> Result<Graph> {
        check_count(names.len() as u64)?;
        check_names(&names, &['-', ',', ';', '(', ')', '+'])?;
        if names.iter().any(|name| name == "petersen") {
            return Err(Error::invalid_position(
                "'petersen' names the Petersen graph, not a vertex: give the vertex another name",
            ));
        }
        let n = names.len();
        let mut adjacent = vec![0u128; n];
        for &(a, b) in edges {
            if a >= n || b >= n {
                return Err(Error::invalid_position(format!(
                    "the edge {a} - {b} names a vertex that does not exist (there are {n})"
                )));
            }
            if a == b {
                return Err(Error::invalid_position(format!(
                    "the edge {0}-{0} is a loop: an edge of this graph joins two vertices",
                    names[a]
                )));
            }
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        Ok(Graph {
            names,
            adjacent,
            family: None,
        })
    }

    /// This graph, written `family` when whole.
    fn named(self, family: String) -> Graph {
        Graph {
            family: Some(family),
            ..self
        }
    }

    /// The graph of numbered vertices `1..=n` and the edges `(a, b)` between them (from 1).
    pub(super) fn numbered(n: u64, edges: impl Iterator<Item = (usize, usize)>) -> Result<Graph> {
        check_count(n)?;
        let names = (1..=n).map(|v| v.to_string()).collect();
        let edges: Vec<(usize, usize)> = edges.map(|(a, b)| (a - 1, b - 1)).collect();
        Graph::new(names, &edges)
    }

    /// The path `1-2-…-n`.
    ///
    /// # Errors
    /// More than 120 vertices.
    pub fn path(n: u64) -> Result<Graph> {
        check_count(n)?;
        let path = Graph::numbered(n, (1..n as usize).map(|v| (v, v + 1)))?;
        Ok(path.named(format!("path({n})")))
    }

    /// The cycle `1-2-…-n-1`.
    ///
    /// # Errors
    /// Fewer than 3 or more than 120 vertices.
    pub fn cycle(n: u64) -> Result<Graph> {
        if n < 3 {
            return Err(Error::invalid_position(format!(
                "a cycle has at least 3 vertices, not {n}"
            )));
        }
        check_count(n)?;
        let cycle = Graph::numbered(n, (1..=n as usize).map(|v| (v, v % n as usize + 1)))?;
        Ok(cycle.named(format!("cycle({n})")))
    }

    /// The complete graph on `1..=n`.
    ///
    /// # Errors
    /// More than 120 vertices.
    pub fn complete(n: u64) -> Result<Graph> {
        check_count(n)?;
        let m = n as usize;
        let complete = Graph::numbered(n, (1..=m).flat_map(|a| (a + 1..=m).map(move |b| (a, b))))?;
        Ok(complete.named(format!("complete({n})")))
    }

    /// The `rows x columns` grid, vertices named `r1c1` (row 1, column 1) to `rRcC`.
    ///
    /// # Errors
    /// More than 120 vertices.
    pub fn grid(rows: u64, columns: u64) -> Result<Graph> {
        check_count(rows.saturating_mul(columns))?;
        let family = format!("grid({rows}x{columns})");
        let (rows, columns) = (rows as usize, columns as usize);
        let names = (0..rows)
            .flat_map(|r| (0..columns).map(move |c| format!("r{}c{}", r + 1, c + 1)))
            .collect();
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..columns {
                let v = r * columns + c;
                if c + 1 < columns {
                    edges.push((v, v + 1));
                }
                if r + 1 < rows {
                    edges.push((v, v + columns));
                }
            }
        }
        Ok(Graph::new(names, &edges)?.named(family))
    }

    /// The Petersen graph: an outer cycle `o1..o5`, spokes `ok-ik`, and an inner pentagram
    /// `ik-i(k+2)`.
    pub fn petersen() -> Graph {
        let mut names: Vec<String> = (1..=5).map(|k| format!("o{k}")).collect();
        names.extend((1..=5).map(|k| format!("i{k}")));
        let mut adjacent = vec![0u128; 10];
        let mut join = |a: usize, b: usize| {
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        };
        for k in 0..5 {
            join(k, (k + 1) % 5);
            join(k, k + 5);
            join(k + 5, (k + 2) % 5 + 5);
        }
        Graph {
            names,
            adjacent,
            family: Some("petersen".to_string()),
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Every vertex, as a set.
    pub fn all(&self) -> u128 {
        if self.names.is_empty() {
            0
        } else {
            u128::MAX >> (128 - self.names.len())
        }
    }

    /// The vertex named `name`.
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }

    /// The neighbours of vertex `v`.
    pub fn neighbours(&self, v: usize) -> u128 {
        self.adjacent[v]
    }

    /// The edges of the subgraph induced by `set`, each counted once.
    #[inline(always)]
    pub fn edge_count(&self, set: u128) -> u32 {
        vertices(set & self.all())
            .map(|v| (self.adjacent[v] & set).count_ones())
            .sum::<u32>()
            / 2
    }

    /// Whether the connected set `part` is a path or a cycle, and of how many vertices.
    #[inline(always)]
    pub(super) fn shape(&self, part: u128) -> Shape {
        let mut ends = 0;
        for v in vertices(part) {
            // The degree by clearing the lowest neighbour twice (no count of all of them).
            let near = self.adjacent[v] & part;
            let rest = near & near.wrapping_sub(1);
            if rest == 0 {
                ends += 1;
            } else if rest & (rest - 1) != 0 {
                return Shape::Other;
            }
        }
        let n = part.count_ones() as usize;
        match ends {
            0 if n >= 3 => Shape::Cycle(n),
            1 | 2 => Shape::Path(n),
            _ => Shape::Other,
        }
    }

    /// The connected component of `set` that holds vertex `start`.
    #[inline(always)]
    pub(super) fn component(&self, set: u128, start: usize) -> u128 {
        let mut component = 1u128 << start;
        let mut frontier = component;
        while frontier != 0 {
            let reached = vertices(frontier).fold(0, |reached, v| reached | self.adjacent[v]);
            frontier = reached & set & !component;
            component |= frontier;
        }
        component
    }

    /// Calls `each` on every connected component of `set`, lowest vertex first.
    #[inline(always)]
    pub fn components(&self, set: u128, mut each: impl FnMut(u128)) {
        let mut left = set & self.all();
        while left != 0 {
            let component = self.component(left, left.trailing_zeros() as usize);
            each(component);
            left &= !component;
        }
    }

    /// The subgraph induced by `set` as spec text: its family when it is the whole of a graph
    /// built as one (`grid(3x5)`), else its edges ([`Graph::format_edges`]).
    pub fn format_set(&self, set: u128) -> String {
        match &self.family {
            Some(family) if set & self.all() == self.all() && set != 0 => family.clone(),
            _ => self.format_edges(set),
        }
    }

    /// The subgraph induced by `set` as its edges `a-b` and its isolated vertices, in the
    /// order of their names (numbers by value), so that equal graphs print alike.
    pub fn format_edges(&self, set: u128) -> String {
        let set = set & self.all();
        let mut items: Vec<(&str, Option<&str>)> = Vec::new();
        for v in vertices(set) {
            let near = self.adjacent[v] & set;
            if near == 0 {
                items.push((&self.names[v], None));
            }
            for u in vertices(near) {
                let (a, b) = (&self.names[v], &self.names[u]);
                if natural(a, b) == Ordering::Less {
                    items.push((a, Some(b)));
                }
            }
        }
        items.sort_by(|x, y| {
            natural(x.0, y.0).then_with(|| match (x.1, y.1) {
                (Some(a), Some(b)) => natural(a, b),
                (a, b) => a.is_some().cmp(&b.is_some()),
            })
        });
        let items: Vec<String> = items
            .into_iter()
            .map(|(a, b)| match b {
                Some(b) => format!("{a}-{b}"),
                None => a.to_string(),
            })
            .collect();
        items.join(", ")
    }
}

/// Refuses graphs of more than [`MAX_VERTICES`] vertices.
pub(super) fn check_count(n: u64) -> Result<()> {
    if n > MAX_VERTICES as u64 {
        return Err(Error::invalid_position(format!(
            "a graph has at most {MAX_VERTICES} vertices, and this one has {n}"
        )));
    }
    Ok(())
}

/// The vertices of `set`, lowest first.
#[inline(always)]
pub(super) fn vertices(set: u128) -> impl Iterator<Item = usize> {
    let mut left = set;
    std::iter::from_fn(move || {
        (left != 0).then(|| {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            v
        })
    })
}

/// Names in natural order: runs of digits by their value, the rest by character, then as
/// plain text (`r2c9` before `r2c10`, `9` before `10`).
pub(super) fn natural(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a, b);
    loop {
        let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        match (x.chars().next(), y.chars().next()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let (m, n) = (digits(x), digits(y));
                let (p, q) = (
                    x[..m].trim_start_matches('0'),
                    y[..n].trim_start_matches('0'),
                );
                let order = p.len().cmp(&q.len()).then_with(|| p.cmp(q));
                if order != Ordering::Equal {
                    return order;
                }
                (x, y) = (&x[m..], &y[n..]);
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(&d);
                }
                (x, y) = (&x[c.len_utf8()..], &y[d.len_utf8()..]);
            }
        }
    }
}

/// What a connected part of a graph is, for the theorems.
pub(super) enum Shape {
    /// A path of so many vertices.
    Path(usize),
    /// A cycle of so many vertices.
    Cycle(usize),
    /// Anything else.
    Other,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_naturally() {
        assert_eq!(natural("r2c9", "r2c10"), Ordering::Less);
        assert_eq!(natural("10", "9"), Ordering::Greater);
        assert_eq!(natural("a", "ab"), Ordering::Less);
        assert_eq!(natural("01", "1"), Ordering::Less);
    }
}
