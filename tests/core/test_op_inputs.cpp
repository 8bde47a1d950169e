// parseOpInputs over the shapes real Kineto traces record (formats.md §1.4), the typed access to
// Concrete Inputs, dtype names, and the refusal of malformed or absurd input.
#include "core/estimate/op_inputs.h"

#include <QtTest>

using namespace roofscope;

namespace {
OpInputs parsed(const char* dims, const char* types = "", const char* concrete = "") {
    auto result = parseOpInputs(dims, types, concrete);
    if (!result)
        qFatal("unexpected parse error: %s", result.error().toString().c_str());
    return result.value();
}
} // namespace

class TestOpInputs : public QObject {
    Q_OBJECT

  private slots:
    void addmmFromFormats() {
        const OpInputs in =
            parsed("[[512],[141,512],[512,512],[],[]]",
                   R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","Scalar","Scalar"])",
                   R"(["", "", "", "1", "1"])");
        QCOMPARE(in.args.size(), std::size_t(5));
        QVERIFY(in.tensor(0) && *in.tensor(0) == Shape({512}));
        QVERIFY(in.tensor(1) && *in.tensor(1) == Shape({141, 512}));
        QVERIFY(in.tensor(2) && *in.tensor(2) == Shape({512, 512}));
        QVERIFY(!in.tensor(3)); // a Scalar has no shape
        QCOMPARE(in.at(3)->type, std::string("Scalar"));
        QVERIFY(in.ints(3) == std::vector<std::int64_t>{1});
        QVERIFY(!in.ints(0)); // tensors are recorded as ""
        QVERIFY(!in.at(5));
        QVERIFY(!in.tensor(17));
    }

    void legacyConvWithoutTypes() {
        const OpInputs in = parsed("[[32,3,224,224],[64,3,7,7],[],[],[],[]]");
        QCOMPARE(in.args.size(), std::size_t(6));
        QVERIFY(*in.tensor(0) == Shape({32, 3, 224, 224}));
        QVERIFY(*in.tensor(1) == Shape({64, 3, 7, 7}));
        QVERIFY(!in.tensor(2)); // no type: an empty entry is not a 0-d tensor
        QVERIFY(in.at(2)->type.empty() && in.at(2)->concrete.empty());
    }

    void nestedTensorLists() {
        const OpInputs in = parsed("[[[10,20],[20]],[[10,20],[20]]]");
        QCOMPARE(in.args.size(), std::size_t(2));
        for (std::size_t i = 0; i < 2; ++i) {
            QVERIFY(in.at(i)->isList);
            QVERIFY(in.at(i)->shapes == std::vector<Shape>({{10, 20}, {20}}));
            QVERIFY(!in.tensor(i)); // a list is not one tensor
        }
        // A list of 0-d tensors (optimizer state steps).
        const OpInputs steps = parsed("[[[],[]]]", R"(["TensorList"])");
        QVERIFY(steps.at(0)->isList);
        QCOMPARE(steps.at(0)->shapes.size(), std::size_t(2));
        QVERIFY(steps.at(0)->shapes[0].empty());
        // Older traces write an empty [] for a TensorList.
        const OpInputs legacy = parsed("[[],[]]", R"(["TensorList","Scalar"])");
        QVERIFY(legacy.at(0)->isList && legacy.at(0)->shapes.empty());
    }

    void typesOnly() {
        const OpInputs in = parsed("", R"(["c10::BFloat16", "Scalar", "int[]", ""])");
        QCOMPARE(in.args.size(), std::size_t(4));
        QCOMPARE(in.at(0)->type, std::string("c10::BFloat16"));
        QCOMPARE(in.at(2)->type, std::string("int[]"));
        // A tensor dtype with no dims and no concrete value is a 0-d tensor.
        QVERIFY(in.tensor(0) && in.tensor(0)->empty());
        QVERIFY(!in.tensor(1) && !in.tensor(2) && !in.tensor(3));
    }

    void zeroDimensionalTensors() {
        QVERIFY(parsed("[[]]", R"(["float"])").tensor(0)->empty());
        QVERIFY(!parsed("[[]]", R"(["Scalar"])").tensor(0));
        // "int" is also the int32 dtype; with a concrete value it is an int argument.
        QVERIFY(!parsed("[[]]", R"(["int"])", R"(["3"])").tensor(0));
        QVERIFY(parsed("[[]]", R"(["long int"])", R"([""])").tensor(0));
    }

    void concreteValues() {
        const OpInputs in = parsed("", "",
                                   R"(["", "", "[2, 2]", "[3, 3]", "[1, 1]", "False", "[0, 0]",)"
                                   R"( "1", "[True, True, False]", "0.1", "1e-05", "'same'",)"
                                   R"x( "[]", "-1", "[1, x]", "(4, 5)", "None", 7])x");
        QVERIFY(!in.ints(0));
        QVERIFY(in.ints(2) == std::vector<std::int64_t>({2, 2}));
        QVERIFY(in.ints(3) == std::vector<std::int64_t>({3, 3}));
        QVERIFY(in.ints(6) == std::vector<std::int64_t>({0, 0}));
        QVERIFY(in.ints(7) == std::vector<std::int64_t>{1});
        QVERIFY(in.boolean(5) == false);
        QVERIFY(!in.ints(5));
        QVERIFY(in.boolean(7) == true);
        QVERIFY(!in.boolean(2));
        QVERIFY(in.booleans(8) == std::vector<bool>({true, true, false}));
        QVERIFY(!in.booleans(2));
        QCOMPARE(in.number(9).value_or(-1), 0.1);
        QCOMPARE(in.number(10).value_or(-1), 1e-05);
        QVERIFY(!in.number(5));
        QCOMPARE(in.text(11), std::string("same"));
        QVERIFY(in.ints(12) == std::vector<std::int64_t>{});
        QVERIFY(in.ints(13) == std::vector<std::int64_t>{-1});
        QVERIFY(!in.ints(14));
        QVERIFY(in.ints(15) == std::vector<std::int64_t>({4, 5}));
        QVERIFY(!in.ints(16) && !in.number(16));
        QVERIFY(in.ints(17) == std::vector<std::int64_t>{7}); // a JSON number, as text
        QVERIFY(!in.ints(99) && !in.boolean(99) && in.text(99).empty());
    }

    void absentArgumentsAreEmpty() {
        const auto in = parseOpInputs("", "", "");
        QVERIFY(in.ok());
        QVERIFY(in.value().args.empty());
        QVERIFY(parseOpInputs("  null ", "[]", "").ok());
    }

    void malformed_data() {
        QTest::addColumn<QString>("dims");
        QTest::addColumn<QString>("types");
        QTest::addColumn<QString>("concrete");
        QTest::addColumn<QString>("message");
        QTest::newRow("truncated") << "[[1,2]"
                                   << ""
                                   << ""
                                   << "Input Dims: invalid JSON at byte";
        QTest::newRow("not an array") << "{}"
                                      << ""
                                      << ""
                                      << "expected a JSON array, got object";
        QTest::newRow("fraction") << "[[1.5, 2]]"
                                  << ""
                                  << ""
                                  << "dimension 1.5 is not an integer";
        QTest::newRow("string dim") << R"([["a"]])"
                                    << ""
                                    << ""
                                    << "is not an integer";
        QTest::newRow("negative") << "[[-1, 3]]"
                                  << ""
                                  << ""
                                  << "negative dimension -1";
        QTest::newRow("beyond int64") << "[[99999999999999999999999]]"
                                      << ""
                                      << ""
                                      << "is not an integer";
        QTest::newRow("beyond 2^62") << "[[18446744073709551615]]"
                                     << ""
                                     << ""
                                     << "dimension 18446744073709551615 is too";
        QTest::newRow("product overflow") << "[[4294967296, 4294967296]]"
                                          << ""
                                          << ""
                                          << "more than 2^62 elements";
        QTest::newRow("overflow behind a zero") << "[[0, 4294967296, 4294967296]]"
                                                << ""
                                                << ""
                                                << "more than 2^62 elements";
        QTest::newRow("entry not a list") << "[5]"
                                          << ""
                                          << ""
                                          << "Input Dims[0]: expected a list";
        QTest::newRow("mixed list") << "[[[1],2]]"
                                    << ""
                                    << ""
                                    << "mixes shapes and numbers";
        QTest::newRow("too deep") << "[[[[1]]]]"
                                  << ""
                                  << ""
                                  << "Input Dims[0][0]";
        QTest::newRow("type not a string") << "[[1]]"
                                           << "[1]"
                                           << ""
                                           << "Input type[0]";
        QTest::newRow("types malformed") << "[[1]]"
                                         << "[\"float\""
                                         << ""
                                         << "Input type: invalid";
        QTest::newRow("concrete malformed") << "[[1]]"
                                            << ""
                                            << "[\""
                                            << "Concrete Inputs";
    }
    void malformed() {
        QFETCH(QString, dims);
        QFETCH(QString, types);
        QFETCH(QString, concrete);
        QFETCH(QString, message);
        const auto result =
            parseOpInputs(dims.toStdString(), types.toStdString(), concrete.toStdString());
        QVERIFY(!result.ok());
        const QString text = QString::fromStdString(result.error().message);
        QVERIFY2(text.contains(message), qPrintable(text));
    }

    void elementCounts() {
        QCOMPARE(elementCount({}), std::int64_t(1));
        QCOMPARE(elementCount({2, 3, 4}), std::int64_t(24));
        QCOMPARE(elementCount({0, 5}), std::int64_t(0));
        QCOMPARE(elementCount({-1, 5}), std::int64_t(-1));
        const std::int64_t two31 = std::int64_t(1) << 31;
        QCOMPARE(elementCount({two31, two31}), std::int64_t(1) << 62); // the limit itself
        QCOMPARE(elementCount({two31, two31, 2}), std::int64_t(-1));
        QCOMPARE(elementCount({0, two31, two31, 2}), std::int64_t(-1));
    }

    void dtypes_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<int>("bytes"); // 0: not a tensor dtype
        QTest::addColumn<QString>("precision");
        QTest::newRow("bf16") << "c10::BFloat16" << 2 << "bf16";
        QTest::newRow("half") << "c10::Half" << 2 << "fp16";
        QTest::newRow("float") << "float" << 4 << "fp32";
        QTest::newRow("double") << "double" << 8 << "fp64";
        QTest::newRow("fp8 e4m3") << "c10::Float8_e4m3fn" << 1 << "fp8";
        QTest::newRow("fp8 e5m2") << "c10::Float8_e5m2" << 1 << "fp8";
        // ROCm's fnuz variants, the MX scale type, and their Python spellings.
        QTest::newRow("fp8 e4m3fnuz") << "c10::Float8_e4m3fnuz" << 1 << "fp8";
        QTest::newRow("fp8 e5m2fnuz") << "c10::Float8_e5m2fnuz" << 1 << "fp8";
        QTest::newRow("fp8 e8m0fnu") << "c10::Float8_e8m0fnu" << 1 << "fp8";
        QTest::newRow("python fp8 fnuz") << "torch.float8_e4m3fnuz" << 1 << "fp8";
        // Two fp4 values per byte, computing in fp4.
        QTest::newRow("fp4 x2") << "c10::Float4_e2m1fn_x2" << 1 << "fp4";
        QTest::newRow("python fp4 x2") << "torch.float4_e2m1fn_x2" << 1 << "fp4";
        QTest::newRow("long int") << "long int" << 8 << "other";
        QTest::newRow("long") << "long" << 8 << "other";
        QTest::newRow("int") << "int" << 4 << "other";
        QTest::newRow("bool") << "bool" << 1 << "other";
        QTest::newRow("uint8") << "unsigned char" << 1 << "int8";
        QTest::newRow("int8") << "signed char" << 1 << "int8";
        QTest::newRow("python bf16") << "torch.bfloat16" << 2 << "bf16";
        QTest::newRow("Scalar") << "Scalar" << 0 << "";
        QTest::newRow("int list") << "int[]" << 0 << "";
        QTest::newRow("empty") << "" << 0 << "";
        QTest::newRow("IValue Double tag") << "Double" << 0 << "";
        QTest::newRow("IValue Int tag") << "Int" << 0 << "";
        QTest::newRow("GenericList") << "GenericList" << 0 << "";
        QTest::newRow("TensorList") << "TensorList" << 0 << "";
    }
    void dtypes() {
        QFETCH(QString, type);
        QFETCH(int, bytes);
        QFETCH(QString, precision);
        const auto b = dtypeBytes(type.toStdString());
        const auto p = dtypePrecision(type.toStdString());
        if (bytes == 0) {
            QVERIFY(!b && !p);
            return;
        }
        QVERIFY(b && p);
        QCOMPARE(*b, bytes);
        QCOMPARE(QString::fromUtf8(toString(*p).data()), precision);
    }
};

QTEST_APPLESS_MAIN(TestOpInputs)
#include "test_op_inputs.moc"
