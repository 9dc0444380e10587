// NEP 50 type promotion: the one table that decides result dtypes of binary operations.
// Semantics: NumPy 2.x `numpy.result_type` / `numpy.promote_types` with NEP 50 weak scalars.
#pragma once

#include "ir/DType.h"

#include <optional>

namespace npc {

/// The type of one operand as promotion sees it. `weak` marks a Python scalar
/// (a literal or a value typed `int`/`float`/`complex` in a signature): NEP 50 lets
/// such an operand adopt the other operand's dtype when the kinds allow it
/// (`int8_array + 1` is int8, `float32_array * 2.0` is float32). A weak Python
/// int is {Int64, true}, a weak float {Float64, true}, a weak complex {Complex128, true}.
/// Arrays and NumPy scalars (float64, int32, ...) are strong. Python bool is treated as
/// strong bool (the result is the same).
struct PromotionType {
    DType dtype = DType::Float64;
    bool weak = false;

    friend bool operator==(const PromotionType &, const PromotionType &) = default;
};

/// Result of promoting two operand types, following NEP 50:
///  - strong x strong: numpy.promote_types (int64 x uint64 -> float64, ...);
///  - weak x strong: the strong dtype if the weak kind is not higher
///    (Python int with any int/float/complex array -> that dtype; Python float with an
///    integer or bool array -> float64; Python complex with float32 -> complex64);
///  - weak x weak: the higher kind, still weak.
/// Whether a weak int's *value* fits the result dtype (uint8 + 300) is checked by the
/// caller that knows the value.
PromotionType promote(PromotionType a, PromotionType b);

/// numpy.promote_types for two strong dtypes.
DType promoteDTypes(DType a, DType b);

} // namespace npc
