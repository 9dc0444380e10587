// Lowering from npc's syntax tree to the typed array IR: name resolution, NEP 50
// promotion made explicit as casts, broadcasting, and the NumPy functions npc supports.
#pragma once

#include "frontend/Signature.h"
#include "frontend/Syntax.h"
#include "ir/ArrayIR.h"

#include <vector>

namespace npc {

/// Lowers every exported function of `module`, one array::Function per signature
/// (overloads keep the function's name), in the order of the signatures.
/// Throws UserError for: a signature naming no function, a signature whose argument
/// count differs from the definition, a file that exports nothing, Python or NumPy
/// constructs outside the supported subset (the message names the function or construct;
/// e.g. ordering or floor of complex numbers), and type or shape errors
/// NumPy would raise (broadcasting constant extents, Python ints out of range for the
/// array dtype, axis out of bounds).
std::vector<array::Function> lowerModule(const SourceFile &file, const syntax::Module &module,
                                         const std::vector<Signature> &signatures);

/// `message` (a UserError's, from any pass) with the names the parser gives a `for` loop
/// over an array (SyntaxConverter::desugarIteration: `__npc_iter12_0`, `__npc_k12`,
/// `__npc_start12`) said in words.
std::string describeHiddenNames(std::string message);

/// Lowering options that deviate from NumPy on request.
struct LowerOptions {
    /// The dtype of creation functions given no dtype and of Python floats in array
    /// constructors (np.zeros(n), np.arange(0.5, 2), np.linspace, np.eye, np.array([1.5])):
    /// NumPy's float64, or float32 (`--default-float float32`, as torch.compile's
    /// numpy_default_float).
    DType defaultFloat = DType::Float64;
    /// Lowering for the CUDA target, whose kernels compute complex functions with libcu++:
    /// np.arcsin, np.arccos and np.arctan of complex numbers are located errors there
    /// (libcu++'s lose accuracy far beyond NumPy's; see README, "CUDA target").
    bool cudaTarget = false;
};

/// lowerModule with `options` in effect (LowerCreation.cpp).
std::vector<array::Function> lowerModule(const SourceFile &file, const syntax::Module &module,
                                         const std::vector<Signature> &signatures,
                                         const LowerOptions &options);

} // namespace npc
