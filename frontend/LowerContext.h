// Private to the frontend's lowering: the values names can be bound to and the shared
// helpers that apply NumPy's promotion and broadcasting rules while building array IR.
#pragma once

#include "frontend/Syntax.h"
#include "ir/ArrayIR.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace npc::lowering {

/// What a Python expression evaluates to at compile time.
struct Value {
    enum Kind { Array, Module, Function, None, Ellipsis, Tuple, String } kind = None;
    array::NodePtr node;        ///< Array (scalars are 0-d arrays)
    std::string qualifiedName;  ///< Module ("numpy"), Function ("numpy.argmin")
    std::vector<Value> elements; ///< Tuple
    std::string text;           ///< String
    SourceLoc loc;

    static Value array(array::NodePtr n, SourceLoc loc) { return {Array, std::move(n), {}, {}, {}, loc}; }
};

/// Arguments of one call, as written: positionals then keywords.
struct CallArgs {
    std::string function; ///< user-facing name for messages, e.g. "np.argmin"
    SourceLoc loc;        ///< the whole call
    std::vector<Value> positional;
    std::vector<std::pair<std::string, Value>> keywords;
    std::vector<SourceLoc> keywordLocs;
};

/// Lowers the expressions of one function body; owns the name environment.
class ExprLowering {
public:
    explicit ExprLowering(std::map<std::string, Value> globals) : env_(std::move(globals)) {}

    Value lower(const syntax::Expr &e);
    /// Lowers and requires an array (or scalar) value.
    array::NodePtr lowerArray(const syntax::Expr &e);
    void bind(const std::string &name, Value v) { env_[name] = std::move(v); }

    // NumPy rules, shared with the function table.
    /// Casts to `dtype`, checking a weak Python int's value fits (NEP 50 OverflowError).
    array::NodePtr castTo(const array::NodePtr &v, DType dtype, SourceLoc loc);
    /// A binary ufunc with NEP 50 promotion and broadcasting.
    array::NodePtr binary(array::BinaryOp op, array::NodePtr a, array::NodePtr b, SourceLoc loc);
    /// A unary ufunc with NumPy's loop selection (sqrt of int16 is float32, ...).
    array::NodePtr unary(array::UnaryOp op, array::NodePtr a, SourceLoc loc);

private:
    Value lowerName(const syntax::Expr &e, const syntax::Name &n);
    Value lowerAttribute(const syntax::Expr &e, const syntax::Attribute &a);
    Value lowerCall(const syntax::Expr &e, const syntax::Call &c);
    Value lowerSubscript(const syntax::Expr &e, const syntax::Subscript &s);
    Value lowerBinary(const syntax::Expr &e, const syntax::Binary &b);
    Value lowerUnary(const syntax::Expr &e, const syntax::Unary &u);
    Value lowerCompare(const syntax::Expr &e, const syntax::Compare &c);

    std::map<std::string, Value> env_;
};

/// Calls a NumPy function or ndarray method by qualified name ("numpy.sum",
/// "numpy.linalg.norm", "ndarray.sum" with the array first). Throws UserError naming
/// the function when npc does not support it.
Value callNumPy(ExprLowering &lowering, const std::string &qualifiedName, CallArgs args);
/// Attributes of arrays (`x.shape`, `x.ndim`, `x.T`, ...); UserError if unsupported.
Value arrayAttribute(ExprLowering &lowering, const Value &array, const std::string &attr,
                     SourceLoc loc);
/// Module-level names of numpy (np.pi, np.newaxis, np.float32 ...) and functions.
Value moduleMember(const Value &module, const std::string &attr, SourceLoc loc);

/// One parameter of a NumPy signature, for bind().
struct ParamSpec {
    const char *name;
    bool required;
};
/// Python's argument binding for a NumPy signature: positionals then keywords; one
/// entry per parameter (empty when not passed). UserError on unknown or missing ones.
std::vector<std::optional<Value>> bind(const CallArgs &args, const std::vector<ParamSpec> &spec);
/// The array bound to parameter `what`; UserError if it is absent or not an array.
array::NodePtr requireArray(const std::optional<Value> &v, const CallArgs &args, const char *what);

/// Lowers one call of a NumPy function to array IR.
using Handler = std::function<Value(ExprLowering &, const CallArgs &)>;
/// The elementwise functions (ufuncs, np.where, np.clip, np.round), by qualified name.
const std::map<std::string, Handler> &elementwiseFunctions();
/// True for a Python int literal (a weak integer constant).
bool isWeakIntConstant(const array::NodePtr &n);

/// Broadcasts two shapes (numpy.broadcast_shapes); UserError at `loc` on mismatch.
Shape broadcastShapes(const Shape &a, const Shape &b, SourceLoc loc);
/// User-facing spelling of a qualified name: "numpy.linalg.norm" -> "np.linalg.norm".
std::string displayName(const std::string &qualifiedName);

} // namespace npc::lowering
