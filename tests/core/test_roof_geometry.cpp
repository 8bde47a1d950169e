// What a roofline plot draws for one device: the slanted bandwidth roofs from xMin up to the top
// compute roof, the flat compute roofs from their ridge to xMax, the labels, the ridge marks, the
// precision and level filters and the provenance each roof carries.
#include "core/roof_geometry.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace roofscope;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// One expected segment or ridge, named "dram", "l2", "fp16 tensor", "fp32 vector".
struct Expected {
    std::string name;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0; // a ridge uses x0, y0
};
using ExpectedList = std::vector<Expected>;

} // namespace

Q_DECLARE_METATYPE(ExpectedList)
Q_DECLARE_METATYPE(std::vector<roofscope::Precision>)
Q_DECLARE_METATYPE(std::vector<roofscope::MemoryLevel>)
Q_DECLARE_METATYPE(roofscope::MemoryLevel)

namespace {

bool near(double actual, double expected, double relative = 1e-12) {
    if (expected == 0)
        return actual == 0;
    return std::fabs(actual - expected) <= relative * std::fabs(expected);
}

Ceiling ceiling(double value, ProvenanceKind kind) {
    Ceiling c;
    c.value = value;
    c.provenance.kind = kind;
    if (kind == ProvenanceKind::spec)
        c.provenance.sourceUrl = "https://example.org/datasheet";
    else
        c.provenance.tool = "roofscope-probe";
    return c;
}

// fp16 tensor 1 PFLOP/s (measured), fp32 vector 50 TFLOP/s (spec), dram 2 TB/s (spec),
// l2 10 TB/s (measured). Ridges against dram: 1e15 / 2e12 = 500 and 50e12 / 2e12 = 25;
// against l2: 1e15 / 10e12 = 100 and 50e12 / 10e12 = 5.
Ceilings device() {
    Ceilings c;
    c.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(1e15, ProvenanceKind::measured);
    c.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(50e12, ProvenanceKind::spec);
    c.memory[MemoryLevel::dram] = ceiling(2e12, ProvenanceKind::spec);
    c.memory[MemoryLevel::l2] = ceiling(10e12, ProvenanceKind::measured);
    return c;
}

std::string nameOf(const RoofSegment& s) {
    if (s.kind == RoofSegment::Kind::memory)
        return std::string(toString(s.level));
    return std::string(toString(s.precision)) + " " + std::string(toString(s.unit));
}

std::string nameOf(const RidgeMark& r) {
    return std::string(toString(r.precision)) + " " + std::string(toString(r.unit));
}

template <class T> const T* findNamed(const std::vector<T>& list, const std::string& name) {
    for (const auto& item : list)
        if (nameOf(item) == name)
            return &item;
    return nullptr;
}

QByteArray describe(const std::string& name, const char* what, double actual, double expected) {
    return QByteArray(name.c_str()) + " " + what + ": actual " +
           QByteArray::number(actual, 'g', 17) + ", expected " +
           QByteArray::number(expected, 'g', 17);
}

} // namespace

class TestRoofGeometry : public QObject {
    Q_OBJECT

  private slots:
    void segments_data() {
        QTest::addColumn<std::vector<Precision>>("precisions");
        QTest::addColumn<std::vector<MemoryLevel>>("levels");
        QTest::addColumn<MemoryLevel>("ridgeLevel");
        QTest::addColumn<double>("xMin");
        QTest::addColumn<double>("xMax");
        QTest::addColumn<ExpectedList>("segments");
        QTest::addColumn<ExpectedList>("ridges");

        const auto dram = MemoryLevel::dram;
        // Every roof. Memory roofs rise to the top compute roof 1e15: l2 from (0.1, 0.1 * 10e12)
        // to (100, 1e15), dram from (0.1, 0.1 * 2e12) to (500, 1e15). Compute roofs start at
        // their dram ridge: fp32 at 25, fp16 tensor at 500, and run to xMax 1e4.
        QTest::newRow("everything")
            << std::vector<Precision>{} << std::vector<MemoryLevel>{} << dram << 0.1 << 1e4
            << ExpectedList{{"l2", 0.1, 1e12, 100, 1e15},
                            {"dram", 0.1, 2e11, 500, 1e15},
                            {"fp32 vector", 25, 50e12, 1e4, 50e12},
                            {"fp16 tensor", 500, 1e15, 1e4, 1e15}}
            << ExpectedList{{"fp32 vector", 25, 50e12}, {"fp16 tensor", 500, 1e15}};
        // Only fp32: the memory roofs stop at 50e12, l2 at 50e12 / 10e12 = 5, dram at 25.
        QTest::newRow("fp32 only") << std::vector<Precision>{Precision::fp32}
                                   << std::vector<MemoryLevel>{} << dram << 0.1 << 1e4
                                   << ExpectedList{{"l2", 0.1, 1e12, 5, 50e12},
                                                   {"dram", 0.1, 2e11, 25, 50e12},
                                                   {"fp32 vector", 25, 50e12, 1e4, 50e12}}
                                   << ExpectedList{{"fp32 vector", 25, 50e12}};
        // Only l2: the ridge level dram is not drawn, so compute roofs start on the slowest drawn
        // level, l2: fp32 at 5, fp16 tensor at 100.
        QTest::newRow("l2 only") << std::vector<Precision>{}
                                 << std::vector<MemoryLevel>{MemoryLevel::l2} << dram << 0.1 << 1e4
                                 << ExpectedList{{"l2", 0.1, 1e12, 100, 1e15},
                                                 {"fp32 vector", 5, 50e12, 1e4, 50e12},
                                                 {"fp16 tensor", 100, 1e15, 1e4, 1e15}}
                                 << ExpectedList{{"fp32 vector", 5, 50e12},
                                                 {"fp16 tensor", 100, 1e15}};
        // Ridge level l2 while both levels are drawn.
        QTest::newRow("ridges on l2")
            << std::vector<Precision>{} << std::vector<MemoryLevel>{} << MemoryLevel::l2 << 0.1
            << 1e4
            << ExpectedList{{"l2", 0.1, 1e12, 100, 1e15},
                            {"dram", 0.1, 2e11, 500, 1e15},
                            {"fp32 vector", 5, 50e12, 1e4, 50e12},
                            {"fp16 tensor", 100, 1e15, 1e4, 1e15}}
            << ExpectedList{{"fp32 vector", 5, 50e12}, {"fp16 tensor", 100, 1e15}};
        // A ridge level the device lacks (l3): the slowest drawn level, dram (2 TB/s < 10 TB/s).
        QTest::newRow("missing ridge level")
            << std::vector<Precision>{} << std::vector<MemoryLevel>{} << MemoryLevel::l3 << 0.1
            << 1e4
            << ExpectedList{{"l2", 0.1, 1e12, 100, 1e15},
                            {"dram", 0.1, 2e11, 500, 1e15},
                            {"fp32 vector", 25, 50e12, 1e4, 50e12},
                            {"fp16 tensor", 500, 1e15, 1e4, 1e15}}
            << ExpectedList{{"fp32 vector", 25, 50e12}, {"fp16 tensor", 500, 1e15}};
        // xMax 100 cuts the dram roof at (100, 100 * 2e12); the fp16 tensor roof (from 500) and
        // its ridge are out of range.
        QTest::newRow("narrow right")
            << std::vector<Precision>{} << std::vector<MemoryLevel>{} << dram << 0.1 << 100.0
            << ExpectedList{{"l2", 0.1, 1e12, 100, 1e15},
                            {"dram", 0.1, 2e11, 100, 2e14},
                            {"fp32 vector", 25, 50e12, 100, 50e12}}
            << ExpectedList{{"fp32 vector", 25, 50e12}};
        // xMin 200 is right of the l2 ridge (100, dropped) and of the fp32 ridge (25: the roof
        // starts at xMin, without a ridge mark). dram from (200, 200 * 2e12 = 4e14).
        QTest::newRow("narrow left")
            << std::vector<Precision>{} << std::vector<MemoryLevel>{} << dram << 200.0 << 1e4
            << ExpectedList{{"dram", 200, 4e14, 500, 1e15},
                            {"fp32 vector", 200, 50e12, 1e4, 50e12},
                            {"fp16 tensor", 500, 1e15, 1e4, 1e15}}
            << ExpectedList{{"fp16 tensor", 500, 1e15}};
        // A ridge exactly at xMax is still marked; its compute roof has no length.
        QTest::newRow("ridge at xMax")
            << std::vector<Precision>{} << std::vector<MemoryLevel>{} << dram << 0.1 << 500.0
            << ExpectedList{{"l2", 0.1, 1e12, 100, 1e15},
                            {"dram", 0.1, 2e11, 500, 1e15},
                            {"fp32 vector", 25, 50e12, 500, 50e12}}
            << ExpectedList{{"fp32 vector", 25, 50e12}, {"fp16 tensor", 500, 1e15}};
    }
    void segments() {
        QFETCH(std::vector<Precision>, precisions);
        QFETCH(std::vector<MemoryLevel>, levels);
        QFETCH(MemoryLevel, ridgeLevel);
        QFETCH(double, xMin);
        QFETCH(double, xMax);
        QFETCH(ExpectedList, segments);
        QFETCH(ExpectedList, ridges);

        RoofOptions options;
        options.precisions = precisions;
        options.levels = levels;
        options.ridgeLevel = ridgeLevel;
        const DeviceRoofs roofs = deviceRoofs(device(), xMin, xMax, options);

        QCOMPARE(roofs.segments.size(), segments.size());
        for (const auto& e : segments) {
            const RoofSegment* s = findNamed(roofs.segments, e.name);
            QVERIFY2(s, e.name.c_str());
            QVERIFY2(near(s->x0, e.x0), describe(e.name, "x0", s->x0, e.x0));
            QVERIFY2(near(s->y0, e.y0), describe(e.name, "y0", s->y0, e.y0));
            QVERIFY2(near(s->x1, e.x1), describe(e.name, "x1", s->x1, e.x1));
            QVERIFY2(near(s->y1, e.y1), describe(e.name, "y1", s->y1, e.y1));
            // Inside the range, left to right.
            QVERIFY(s->x0 >= xMin && s->x1 <= xMax && s->x0 < s->x1);
        }
        QCOMPARE(roofs.ridges.size(), ridges.size());
        for (const auto& e : ridges) {
            const RidgeMark* r = findNamed(roofs.ridges, e.name);
            QVERIFY2(r, e.name.c_str());
            QVERIFY2(near(r->x, e.x0), describe(e.name, "ridge x", r->x, e.x0));
            QVERIFY2(near(r->y, e.y0), describe(e.name, "ridge y", r->y, e.y0));
        }
    }

    void labelsAndProvenance() {
        const DeviceRoofs roofs = deviceRoofs(device(), 0.1, 1e4);
        struct Row {
            const char* name;
            const char* label;
            ProvenanceKind provenance;
        };
        const Row rows[] = {
            {"dram", "dram 2.00 TB/s", ProvenanceKind::spec},
            {"l2", "l2 10.0 TB/s", ProvenanceKind::measured},
            {"fp32 vector", "fp32 vector 50.0 TFLOP/s", ProvenanceKind::spec},
            {"fp16 tensor", "fp16 tensor 1.00 PFLOP/s", ProvenanceKind::measured},
        };
        for (const auto& row : rows) {
            const RoofSegment* s = findNamed(roofs.segments, row.name);
            QVERIFY2(s, row.name);
            QCOMPARE(QString::fromStdString(s->label), QString::fromUtf8(row.label));
            QVERIFY2(s->provenance == row.provenance, row.name);
        }
        const RoofSegment* dram = findNamed(roofs.segments, "dram");
        QVERIFY(dram->kind == RoofSegment::Kind::memory && dram->level == MemoryLevel::dram);
        const RoofSegment* tensor = findNamed(roofs.segments, "fp16 tensor");
        QVERIFY(tensor->kind == RoofSegment::Kind::compute);
        QVERIFY(tensor->precision == Precision::fp16 && tensor->unit == ComputeUnit::tensor);

        // Ridges: 1e15 / 2e12 = 500 FLOP/B, 50e12 / 2e12 = 25 FLOP/B.
        const RidgeMark* r16 = findNamed(roofs.ridges, "fp16 tensor");
        QVERIFY(r16);
        QCOMPARE(QString::fromStdString(r16->label), QStringLiteral("ridge 500 FLOP/B"));
        const RidgeMark* r32 = findNamed(roofs.ridges, "fp32 vector");
        QVERIFY(r32);
        QCOMPARE(QString::fromStdString(r32->label), QStringLiteral("ridge 25.0 FLOP/B"));
    }

    void empty_data() {
        QTest::addColumn<int>("what");
        QTest::addColumn<double>("xMin");
        QTest::addColumn<double>("xMax");
        QTest::newRow("xMin zero") << 0 << 0.0 << 1e4;
        QTest::newRow("xMin negative") << 0 << -1.0 << 1e4;
        QTest::newRow("xMin NaN") << 0 << kNaN << 1e4;
        QTest::newRow("xMax NaN") << 0 << 0.1 << kNaN;
        QTest::newRow("xMax equals xMin") << 0 << 10.0 << 10.0;
        QTest::newRow("xMax below xMin") << 0 << 100.0 << 10.0;
        QTest::newRow("no compute ceiling") << 1 << 0.1 << 1e4;
        QTest::newRow("no bandwidth ceiling") << 2 << 0.1 << 1e4;
        QTest::newRow("empty device") << 3 << 0.1 << 1e4;
        QTest::newRow("precision the device lacks") << 4 << 0.1 << 1e4;
        QTest::newRow("level the device lacks") << 5 << 0.1 << 1e4;
    }
    void empty() {
        QFETCH(int, what);
        QFETCH(double, xMin);
        QFETCH(double, xMax);
        Ceilings c = device();
        RoofOptions options;
        switch (what) {
        case 1:
            c.compute.clear();
            break;
        case 2:
            c.memory.clear();
            break;
        case 3:
            c = Ceilings{};
            break;
        case 4:
            options.precisions = {Precision::fp64};
            break;
        case 5:
            options.levels = {MemoryLevel::host};
            break;
        }
        const DeviceRoofs roofs = deviceRoofs(c, xMin, xMax, options);
        QVERIFY(roofs.segments.empty());
        QVERIFY(roofs.ridges.empty());
    }

    void bothUnitsOfOnePrecision() {
        // fp16 vector 100 TFLOP/s beside fp16 tensor 1 PFLOP/s, on a device without fp32 vector
        // (with one, no op is bound by the fp16 vector rate: see the next test): the precision
        // filter keeps both; the vector roof starts at 100e12 / 2e12 = 50 FLOP/B.
        Ceilings c = device();
        c.compute.erase({Precision::fp32, ComputeUnit::vector});
        c.compute[{Precision::fp16, ComputeUnit::vector}] = ceiling(100e12, ProvenanceKind::spec);
        RoofOptions options;
        options.precisions = {Precision::fp16};
        const DeviceRoofs roofs = deviceRoofs(c, 0.1, 1e4, options);
        QCOMPARE(roofs.segments.size(), std::size_t(4)); // l2, dram, fp16 vector, fp16 tensor
        const RoofSegment* vector = findNamed(roofs.segments, "fp16 vector");
        QVERIFY(vector);
        QVERIFY(near(vector->x0, 50.0));
        QCOMPARE(QString::fromStdString(vector->label), QStringLiteral("fp16 vector 100 TFLOP/s"));
        QVERIFY(!findNamed(roofs.segments, "fp32 vector"));
        QCOMPARE(roofs.ridges.size(), std::size_t(2));
    }

    // A 16-bit vector rate beside an fp32 one (the H100's 133.8 TFLOP/s half2 figure) bounds no
    // op, since 16-bit work off the tensor units takes the fp32 roof: it is not drawn, and the
    // bandwidth roofs rise only to the 1 PFLOP/s tensor roof as before.
    void sixteenBitVectorBesideFp32IsNotDrawn() {
        Ceilings c = device();
        c.compute[{Precision::fp16, ComputeUnit::vector}] = ceiling(100e12, ProvenanceKind::spec);
        const DeviceRoofs roofs = deviceRoofs(c, 0.1, 1e4, {});
        QCOMPARE(roofs.segments.size(), std::size_t(4)); // l2, dram, fp16 tensor, fp32 vector
        QVERIFY(!findNamed(roofs.segments, "fp16 vector"));
        QVERIFY(findNamed(roofs.segments, "fp32 vector"));
        QVERIFY(findNamed(roofs.segments, "fp16 tensor"));
    }

    // Roofs of one value are one line on the plot: the first (in ceiling order) names them all,
    // the others carry no label. H100 SXM: fp16 and bf16 tensor 990 TFLOP/s; fp64 tensor and
    // fp32 vector 67 TFLOP/s; fp8 tensor 1.98 PFLOP/s alone keeps its own.
    void roofsOfOneValueShareALabel() {
        Ceilings c;
        c.memory[MemoryLevel::dram] = ceiling(3.35e12, ProvenanceKind::spec);
        c.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(990e12, ProvenanceKind::spec);
        c.compute[{Precision::bf16, ComputeUnit::tensor}] = ceiling(990e12, ProvenanceKind::spec);
        c.compute[{Precision::fp64, ComputeUnit::tensor}] = ceiling(67e12, ProvenanceKind::spec);
        c.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(67e12, ProvenanceKind::spec);
        c.compute[{Precision::fp8, ComputeUnit::tensor}] = ceiling(1.98e15, ProvenanceKind::spec);
        const DeviceRoofs roofs = deviceRoofs(c, 0.1, 1e4, {});
        QStringList labels;
        for (const RoofSegment& s : roofs.segments)
            if (s.kind == RoofSegment::Kind::compute && !s.label.empty())
                labels << QString::fromStdString(s.label);
        labels.sort();
        QCOMPARE(labels, (QStringList{QStringLiteral("fp16/bf16 tensor 990 TFLOP/s"),
                                      QStringLiteral("fp64 tensor / fp32 vector 67.0 TFLOP/s"),
                                      QStringLiteral("fp8 tensor 1.98 PFLOP/s")}));
        // Every roof is still drawn: five compute segments and the slope.
        QCOMPARE(roofs.segments.size(), std::size_t(6));
        // A measured roof of the same value is not a spec roof: both keep their labels.
        c.compute[{Precision::bf16, ComputeUnit::tensor}] =
            ceiling(990e12, ProvenanceKind::measured);
        int named = 0;
        for (const RoofSegment& s : deviceRoofs(c, 0.1, 1e4, {}).segments)
            named += s.kind == RoofSegment::Kind::compute && !s.label.empty() ? 1 : 0;
        QCOMPARE(named, 4);
    }
};

QTEST_APPLESS_MAIN(TestRoofGeometry)
#include "test_roof_geometry.moc"
