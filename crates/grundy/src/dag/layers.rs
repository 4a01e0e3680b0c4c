//! The layers of a drawn DAG: each position's longest path to the end, cycles flattened.

use super::{DagEdge, DagPosition};

/// Sets each position's layer: the longest path to a position with no edges, where the
/// positions of a cycle (a strongly connected component) share one layer. Tarjan's algorithm
/// lists the components with every component after those it has edges to, so one pass in that
/// order suffices.
pub(super) fn assign_layers(positions: &mut [DagPosition], edges: &[DagEdge]) {
    let mut graph = petgraph::Graph::<(), ()>::with_capacity(positions.len(), edges.len());
    let nodes: Vec<_> = positions.iter().map(|_| graph.add_node(())).collect();
    for edge in edges {
        graph.add_edge(nodes[edge.from], nodes[edge.to], ());
    }
    let mut component_of = vec![0; positions.len()];
    let components = petgraph::algo::tarjan_scc(&graph);
    for (component, members) in components.iter().enumerate() {
        for node in members {
            component_of[node.index()] = component;
        }
    }
    let mut layer_of = vec![0; components.len()];
    for (component, members) in components.iter().enumerate() {
        let below = members
            .iter()
            .flat_map(|&node| graph.neighbors(node))
            .map(|next| component_of[next.index()])
            .filter(|&next| next != component)
            .map(|next| layer_of[next] + 1)
            .max()
            .unwrap_or(0);
        layer_of[component] = below;
        for node in members {
            positions[node.index()].layer = below;
        }
    }
}
