//! A token on a directed graph: a move slides it along one edge.
//!
//! Every impartial game is this game on its own move graph, so this ruleset is the most general
//! one: the value of a vertex is the mex of its successors' values (Sprague, 1935; Grundy,
//! 1939). The graph may have cycles; then some vertices have no Grundy value and the
//! [`Solver`](crate::Solver) reports the cycle. Several tokens make a sum, one part per token.

use std::collections::HashMap;

use crate::error::{Error, Limit, Result};
use crate::game::{Parts, Ruleset};

/// The most vertices a [`Digraph`] may have.
const MAX_VERTICES: usize = 100_000;
/// The most edges a [`Digraph`] may have.
const MAX_EDGES: usize = 1_000_000;

/// A finite directed graph with named vertices; a position is the vertex holding a token.
///
/// A token on a vertex without successors (a sink) is a finished game, but it stays a part of
/// the position: it is still printed.
///
/// # Example
/// ```
/// use grundy::{rules::Digraph, Nimber, Ruleset, Solver};
/// let names = ["a", "b", "c"].map(String::from).to_vec();
/// let graph = Digraph::new(names, vec![(0, 1), (0, 2), (1, 2)])?;
/// let mut solver = Solver::new(graph.clone());
/// assert_eq!(solver.value(&0)?, Nimber::new(2)); // a -> {b: *1, c: *0}
/// assert_eq!(graph.format(&[0, 1]), "digraph(a>b, a>c, b>c; a, b)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digraph {
    names: Vec<String>,
    edges: Vec<(usize, usize)>,
    /// The successors of vertex `v` are `targets[starts[v]..starts[v + 1]]`, in edge order.
    starts: Vec<usize>,
    targets: Vec<usize>,
    index: HashMap<String, usize>,
}

/// Refuses vertex names that are empty, repeated, or would not print back as spec text.
pub(crate) fn check_names(names: &[String], forbidden: &[char]) -> Result<HashMap<String, usize>> {
    let mut index = HashMap::with_capacity(names.len());
    for (v, name) in names.iter().enumerate() {
        if name.is_empty() {
            return Err(Error::invalid_rule(format!("vertex {v} has an empty name")));
        }
        if let Some(c) = name
            .chars()
            .find(|&c| c.is_whitespace() || forbidden.contains(&c))
        {
            return Err(Error::invalid_rule(format!(
                "vertex name '{name}' contains '{c}', which cannot be part of a name"
            )));
        }
        if index.insert(name.clone(), v).is_some() {
            return Err(Error::invalid_rule(format!(
                "two vertices are named '{name}'"
            )));
        }
    }
    Ok(index)
}

impl Digraph {
    /// The graph with the given vertex names and directed edges `(from, to)`, as indices into
    /// `vertices`. Repeated edges and loops are allowed.
    ///
    /// # Errors
    /// An edge naming a vertex that does not exist; an empty, repeated or unprintable vertex
    /// name (whitespace or one of `>,;()+`); more than 100 000 vertices or 1 000 000 edges
    /// ([`Limit::GraphSize`]).
    ///
    /// # Example
    /// ```
    /// use grundy::rules::Digraph;
    /// let names = vec!["a".to_string()];
    /// assert!(Digraph::new(names.clone(), vec![(0, 0)]).is_ok());
    /// assert!(Digraph::new(names, vec![(0, 1)]).is_err());
    /// ```
    pub fn new(vertices: Vec<String>, edges: Vec<(usize, usize)>) -> Result<Digraph> {
        if vertices.len() > MAX_VERTICES {
            return Err(Error::limit(Limit::GraphSize, MAX_VERTICES as u64));
        }
        if edges.len() > MAX_EDGES {
            return Err(Error::limit(Limit::GraphSize, MAX_EDGES as u64));
        }
        let index = check_names(&vertices, &['>', ',', ';', '(', ')', '+'])?;
        let n = vertices.len();
        if let Some(&(from, to)) = edges.iter().find(|&&(from, to)| from >= n || to >= n) {
            return Err(Error::invalid_rule(format!(
                "the edge {from} -> {to} names a vertex that does not exist (there are {n})"
            )));
        }
        let mut starts = vec![0; n + 1];
        for &(from, _) in &edges {
            starts[from + 1] += 1;
        }
        for v in 0..n {
            starts[v + 1] += starts[v];
        }
        let mut fill = starts.clone();
        let mut targets = vec![0; edges.len()];
        for &(from, to) in &edges {
            targets[fill[from]] = to;
            fill[from] += 1;
        }
        Ok(Digraph {
            names: vertices,
            edges,
            starts,
            targets,
            index,
        })
    }

    /// The index of the vertex called `name`.
    ///
    /// # Example
    /// ```
    /// use grundy::rules::Digraph;
    /// let graph = Digraph::new(vec!["a".into(), "b".into()], vec![(0, 1)])?;
    /// assert_eq!(graph.vertex("b"), Some(1));
    /// assert_eq!(graph.vertex("z"), None);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn vertex(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The name of vertex `v`; `?` when there is no such vertex.
    ///
    /// # Example
    /// ```
    /// use grundy::rules::Digraph;
    /// let graph = Digraph::new(vec!["a".into(), "b".into()], vec![(0, 1)])?;
    /// assert_eq!(graph.vertex_name(1), "b");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn vertex_name(&self, v: usize) -> &str {
        self.names.get(v).map_or("?", String::as_str)
    }

    /// The number of vertices.
    ///
    /// # Example
    /// ```
    /// use grundy::rules::Digraph;
    /// let graph = Digraph::new(vec!["a".into(), "b".into()], vec![])?;
    /// assert_eq!(graph.vertex_count(), 2);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    /// The vertices an edge leads to from `v`, in the order the edges were given (repeated
    /// edges repeat); empty when there is no such vertex.
    ///
    /// # Example
    /// ```
    /// use grundy::rules::Digraph;
    /// let names = ["a", "b", "c"].map(String::from).to_vec();
    /// let graph = Digraph::new(names, vec![(0, 2), (1, 2), (0, 1)])?;
    /// assert_eq!(graph.successors(0), [2, 1]);
    /// assert!(graph.successors(2).is_empty());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn successors(&self, v: usize) -> &[usize] {
        match (self.starts.get(v), self.starts.get(v + 1)) {
            (Some(&start), Some(&end)) => &self.targets[start..end],
            _ => &[],
        }
    }
}

impl Ruleset for Digraph {
    type Position = usize;

    fn moves(&self, &v: &usize, out: &mut Vec<Parts<usize>>) {
        out.extend(self.successors(v).iter().map(|&w| Parts::from_slice(&[w])));
    }

    fn move_count(&self, &v: &usize) -> Option<u64> {
        Some(self.successors(v).len() as u64)
    }

    fn describe(&self, &from: &usize, to: &[usize]) -> String {
        match to.first() {
            Some(&w) => format!(
                "move from {} to {}",
                self.vertex_name(from),
                self.vertex_name(w)
            ),
            None => format!("move from {}", self.vertex_name(from)),
        }
    }

    fn format(&self, tokens: &[usize]) -> String {
        if tokens.is_empty() {
            return "0".to_string();
        }
        let mut touched = vec![false; self.names.len()];
        let mut items: Vec<String> = Vec::with_capacity(self.edges.len());
        for &(from, to) in &self.edges {
            touched[from] = true;
            touched[to] = true;
            items.push(format!("{}>{}", self.names[from], self.names[to]));
        }
        let bare = (0..self.names.len()).filter(|&v| !touched[v]);
        items.extend(bare.map(|v| self.names[v].clone()));
        let tokens: Vec<&str> = tokens.iter().map(|&v| self.vertex_name(v)).collect();
        format!("digraph({}; {})", items.join(", "), tokens.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::game::Solver;
    use crate::nimber::Nimber;

    fn graph(names: &[&str], edges: &[(&str, &str)]) -> Result<Digraph> {
        let at = |name: &str| names.iter().position(|n| *n == name).unwrap_or(usize::MAX);
        let edges = edges.iter().map(|&(from, to)| (at(from), at(to))).collect();
        Digraph::new(names.iter().map(|n| n.to_string()).collect(), edges)
    }

    #[test]
    fn values_on_a_small_dag() -> Result<()> {
        // By hand, sinks first (value = mex of the successors' values):
        //   f: no moves                      -> 0
        //   e -> f                           -> mex{0} = 1
        //   d -> e, f                        -> mex{1, 0} = 2
        //   c -> d, f                        -> mex{2, 0} = 1
        //   b -> c, e                        -> mex{1, 1} = 0
        //   a -> b, c, d                     -> mex{0, 1, 2} = 3
        //   g: isolated                      -> 0
        let names = ["a", "b", "c", "d", "e", "f", "g"];
        let edges = [
            ("a", "b"),
            ("a", "c"),
            ("a", "d"),
            ("b", "c"),
            ("b", "e"),
            ("c", "d"),
            ("c", "f"),
            ("d", "e"),
            ("d", "f"),
            ("e", "f"),
        ];
        let dag = graph(&names, &edges)?;
        let mut solver = Solver::new(dag.clone());
        for (name, expected) in [
            ("a", 3),
            ("b", 0),
            ("c", 1),
            ("d", 2),
            ("e", 1),
            ("f", 0),
            ("g", 0),
        ] {
            let v = dag.vertex(name).unwrap_or(usize::MAX);
            assert_eq!(solver.value(&v)?, Nimber::new(expected), "{name}");
        }
        assert_eq!(
            dag.format(&[0, 5]),
            "digraph(a>b, a>c, a>d, b>c, b>e, c>d, c>f, d>e, d>f, e>f, g; a, f)"
        );
        // A token on a sink is kept, not dropped.
        let mut out = Vec::new();
        dag.moves(&4, &mut out);
        assert_eq!(out, [Parts::from_slice(&[5])]);
        Ok(())
    }

    #[test]
    fn cycles_are_reported() -> Result<()> {
        let two_cycle = graph(&["a", "b"], &[("a", "b"), ("b", "a")])?;
        let error = Solver::new(two_cycle).value(&0).err();
        let path = match error.as_ref().map(|e| e.kind()) {
            Some(ErrorKind::Cycle { path }) => path.clone(),
            other => panic!("expected a cycle, got {other:?}"),
        };
        assert_eq!(path.len(), 3, "{path:?}");
        let self_loop = graph(&["a"], &[("a", "a")])?;
        assert!(matches!(
            Solver::new(self_loop)
                .value(&0)
                .map_err(|e| e.kind().clone()),
            Err(ErrorKind::Cycle { .. })
        ));
        Ok(())
    }

    #[test]
    fn bad_graphs_are_refused() {
        assert!(graph(&["a"], &[("a", "b")]).is_err());
        assert!(graph(&["a", "a"], &[]).is_err());
        assert!(graph(&["a b"], &[]).is_err());
        assert!(graph(&["a>b"], &[]).is_err());
        assert!(graph(&[""], &[]).is_err());
        let many = vec![String::from("v"); MAX_VERTICES + 1];
        assert_eq!(
            Digraph::new(many, Vec::new()).err(),
            Some(Error::limit(Limit::GraphSize, MAX_VERTICES as u64))
        );
        let edges = vec![(0, 0); MAX_EDGES + 1];
        assert_eq!(
            Digraph::new(vec!["v".into()], edges).err(),
            Some(Error::limit(Limit::GraphSize, MAX_EDGES as u64))
        );
    }

    #[test]
    fn lookups_describe_and_format() -> Result<()> {
        let g = graph(&["x", "y", "z"], &[("x", "y"), ("x", "y"), ("y", "x")])?;
        assert_eq!(g.vertex_count(), 3);
        assert_eq!(g.successors(0), [1, 1]);
        assert_eq!(g.successors(7), [] as [usize; 0]);
        assert_eq!(g.vertex_name(7), "?");
        assert_eq!(g.describe(&0, &[1]), "move from x to y");
        assert_eq!(g.format(&[]), "0");
        assert_eq!(g.format(&[2]), "digraph(x>y, x>y, y>x, z; z)");
        assert_eq!(g.move_count(&0), Some(2));
        Ok(())
    }
}
