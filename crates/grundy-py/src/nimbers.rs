//! Nim arithmetic in GF(2^64): the `Nimber` type (`^` and `+` nim-add, `*` nim-multiplies) and
//! the nim-product over NumPy arrays.

use grundy::{spec, Nimber as LibNimber};
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray1};
use pyo3::exceptions::{PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

use crate::errors::to_py;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Nimber>()?;
    module.add_function(wrap_pyfunction!(nim_mul_arrays, module)?)?;
    module.add_function(wrap_pyfunction!(nimber_expression, module)?)?;
    Ok(())
}

/// A nimber: an element of the field GF(2^64) of nim arithmetic.
///
/// `a ^ b` and `a + b` are the nim-sum (XOR), `a * b` the nim-product, `a / b` the product
/// with the inverse; plain ints mix in as nimbers. `Nimber(2) * Nimber(3) == Nimber(1)`.
#[pyclass(module = "grundy._grundy", frozen)]
#[derive(Clone, Copy)]
pub(crate) struct Nimber(LibNimber);

/// A nimber or an int (0 to 2^64 - 1) from Python; `None` for anything else.
fn operand(other: &Bound<'_, PyAny>) -> PyResult<Option<LibNimber>> {
    if let Ok(nimber) = other.cast::<Nimber>() {
        return Ok(Some(nimber.get().0));
    }
    if other.is_instance_of::<PyInt>() {
        let value: u64 = other
            .extract()
            .map_err(|_| PyValueError::new_err("a nimber is an int from 0 to 2**64 - 1"))?;
        return Ok(Some(LibNimber::new(value)));
    }
    Ok(None)
}

fn binary(
    py: Python<'_>,
    other: &Bound<'_, PyAny>,
    op: impl FnOnce(LibNimber) -> PyResult<LibNimber>,
) -> PyResult<Py<PyAny>> {
    match operand(other)? {
        Some(value) => Ok(Py::new(py, Nimber(op(value)?))?.into_any()),
        None => Ok(py.NotImplemented()),
    }
}

#[pymethods]
impl Nimber {
    #[new]
    fn new(value: u64) -> Nimber {
        Nimber(LibNimber::new(value))
    }

    /// The nimber as an int.
    #[getter]
    fn value(&self) -> u64 {
        self.0.value()
    }

    fn __int__(&self) -> u64 {
        self.0.value()
    }

    fn __index__(&self) -> u64 {
        self.0.value()
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.0.value())
    }

    fn __str__(&self) -> String {
        format!("*{}", self.0.value())
    }

    fn __hash__(&self) -> u64 {
        // Equal to the hash of the int of the same value for small values, like `int`s.
        self.0.value() % ((1 << 61) - 1)
    }

    fn __bool__(&self) -> bool {
        self.0.value() != 0
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(operand(other)? == Some(self.0))
    }

    fn __xor__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |value| Ok(self.0 + value))
    }

    fn __rxor__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__xor__(py, other)
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__xor__(py, other)
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__xor__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__xor__(py, other)
    }

    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |value| Ok(self.0 * value))
    }

    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__mul__(py, other)
    }

    fn __truediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |value| {
            self.0
                .checked_div(value)
                .ok_or_else(|| PyZeroDivisionError::new_err("division by the nimber 0"))
        })
    }

    fn __rtruediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |value| {
            value
                .checked_div(self.0)
                .ok_or_else(|| PyZeroDivisionError::new_err("division by the nimber 0"))
        })
    }

    fn __pow__(&self, exponent: u64, modulo: Option<&Bound<'_, PyAny>>) -> PyResult<Nimber> {
        if modulo.is_some() {
            return Err(PyValueError::new_err("nimbers have no modular power"));
        }
        Ok(Nimber(self.0.pow(exponent)))
    }

    /// The multiplicative inverse.
    fn inverse(&self) -> PyResult<Nimber> {
        self.0
            .inverse()
            .map(Nimber)
            .ok_or_else(|| PyZeroDivisionError::new_err("the nimber 0 has no inverse"))
    }

    /// The square root (every nimber has exactly one).
    fn sqrt(&self) -> Nimber {
        Nimber(self.0.sqrt())
    }
}

/// The nim-product of two arrays of equal length, element by element.
#[pyfunction]
fn nim_mul_arrays<'py>(
    py: Python<'py>,
    left: PyReadonlyArray1<'py, u64>,
    right: PyReadonlyArray1<'py, u64>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let left = left.as_slice()?;
    let right = right.as_slice()?;
    if left.len() != right.len() {
        return Err(PyValueError::new_err(format!(
            "arrays of different lengths: {} and {}",
            left.len(),
            right.len()
        )));
    }
    let products: Vec<u64> = py.detach(|| {
        left.iter()
            .zip(right)
            .map(|(&a, &b)| (LibNimber::new(a) * LibNimber::new(b)).value())
            .collect()
    });
    Ok(products.into_pyarray(py))
}

/// The value of a nimber expression (`"3*5+7"`, `"inv(9)"`, `"sqrt(5)"`, `"2^10"`).
#[pyfunction]
fn nimber_expression(text: &str) -> PyResult<Nimber> {
    spec::parse_nimber_expression(text)
        .map(Nimber)
        .map_err(|error| to_py(error, Some(text)))
}
