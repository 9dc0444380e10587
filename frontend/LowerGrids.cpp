// Arrays given more axes, as numpy/lib/_function_base_impl.py and numpy/_core/shape_base.py
// write them: np.meshgrid (each input raveled onto its own axis of the grid and broadcast
// over the others) and np.atleast_1d, np.atleast_2d, np.atleast_3d (views with new axes).
#include "frontend/LowerContext.h"

#include <fmt/format.h>

namespace npc::lowering {
namespace {

using array::NodePtr;
using array::ViewEntry;

/// numpy.meshgrid(*xi, copy=True, sparse=False, indexing='xy'): a tuple with one array per
/// input: input i raveled onto axis i of the grid (axes 0 and 1 swapped for 'xy' with two
/// or more inputs), of shape (1, ..., n_i, ..., 1) when sparse, else broadcast over the
/// grid's shape and, with copy, a new array.
Value meshgrid(ExprLowering &lowering, const CallArgs &args) {
    CallArgs options{args.function, args.loc, {}, args.keywords, args.keywordLocs};
    auto b = bind(options, {{"copy", false}, {"sparse", false}, {"indexing", false}});
    bool copy = boolFlag(b[0], true, args, "copy");
    bool sparse = boolFlag(b[1], false, args, "sparse");
    bool xy = true;
    if (b[2]) {
        if (b[2]->kind != Value::String || (b[2]->text != "xy" && b[2]->text != "ij"))
            throw UserError(b[2]->loc, "Valid values for `indexing` are 'xy' and 'ij'.");
        xy = b[2]->text == "xy";
    }
    size_t n = args.positional.size();
    std::vector<NodePtr> flat;
    for (const Value &x : args.positional) {
        NodePtr v = asArray(lowering, x, args, "xi");
        flat.push_back(raveled(lowering, v, args.loc));
    }
    // The grid axis of each input.
    std::vector<size_t> axis(n);
    for (size_t i = 0; i < n; ++i)
        axis[i] = i;
    if (xy && n > 1)
        std::swap(axis[0], axis[1]);
    Shape grid(n);
    for (size_t i = 0; i < n; ++i)
        grid[axis[i]] = flat[i]->type.shape[0];
    std::vector<NodePtr> out;
    for (size_t i = 0; i < n; ++i) {
        std::vector<ViewEntry> entries(n, ViewEntry::newAxis());
        entries[axis[i]] = ViewEntry::all();
        NodePtr v = array::makeView(flat[i], std::move(entries), args.loc);
        if (!sparse)
            v = array::makeBroadcast(v, grid, args.loc);
        out.push_back(array::withName(copy ? array::makeCopy(v, args.loc) : v, "grid"));
    }
    return arrayTuple(std::move(out), args.loc);
}

/// numpy.atleast_1d / atleast_2d / atleast_3d(*arys): each input as an array of at least
/// `rank` axes, a view with new axes: a scalar gets (1,), (1, 1) or (1, 1, 1); a 1-D
/// array (1, n) for 2-D and (1, n, 1) for 3-D; a 2-D array (m, n, 1) for 3-D. One input
/// gives an array, several a tuple.
Handler atleast(int rank) {
    return [rank](ExprLowering &lowering, const CallArgs &args) {
        if (!args.keywords.empty())
            throw UserError(args.keywordLocs[0],
                            fmt::format("{}() got an unexpected keyword argument '{}'",
                                        args.function.substr(args.function.find('.') + 1),
                                        args.keywords[0].first));
        std::vector<NodePtr> out;
        for (const Value &x : args.positional) {
            NodePtr v = asArray(lowering, x, args, "arys");
            int r = v->type.rank();
            if (r < rank) {
                std::vector<ViewEntry> entries(static_cast<size_t>(r), ViewEntry::all());
                // NumPy: 1-D to 2-D and 3-D puts the new axis first; 2-D to 3-D appends.
                if (r == 1)
                    entries.insert(entries.begin(), ViewEntry::newAxis());
                while (static_cast<int>(entries.size()) < rank)
                    entries.push_back(ViewEntry::newAxis());
                v = array::makeView(v, std::move(entries), args.loc);
            }
            out.push_back(v);
        }
        if (out.size() == 1)
            return Value::array(out[0], args.loc);
        return arrayTuple(std::move(out), args.loc);
    };
}

} // namespace

const std::map<std::string, Handler> &gridFunctions() {
    static const std::map<std::string, Handler> table = {
        {"numpy.meshgrid", meshgrid},
        {"numpy.atleast_1d", atleast(1)},
        {"numpy.atleast_2d", atleast(2)},
        {"numpy.atleast_3d", atleast(3)},
    };
    return table;
}

} // namespace npc::lowering
