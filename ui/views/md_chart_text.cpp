#include "ui/views/md_chart_text.h"

#include "core/units.h"
#include "ui/views/chart_frame.h"

#include <QObject>

#include <string>
#include <string_view>

namespace roofscope::ui {
namespace {

QString seconds(double s) {
    return QString::fromStdString(formatSi(s, Dimension::time));
}

// "A = 1000 FLOP/B · 50.0 TFLOP/s": a point's place in `plane` as its axes read, with units.
QString coordinates(MdPlane plane, double x, double y) {
    // Intensity's plain digits (no prefixes, as the ticks), then the plane's own unit.
    std::string digits = formatSi(x, Dimension::intensity);
    const std::string_view intensityUnit = unitSymbol(Dimension::intensity);
    if (digits.ends_with(intensityUnit))
        digits.resize(digits.size() - intensityUnit.size());
    const char* name = plane == MdPlane::a ? "A" : plane == MdPlane::o ? "O" : "C";
    const char* unit = plane == MdPlane::a ? "FLOP/B" : plane == MdPlane::o ? "B/B" : "B/FLOP";
    return QStringLiteral("%1 = %2%3 · %4")
        .arg(QLatin1String(name), QString::fromStdString(digits), QLatin1String(unit),
             QString::fromStdString(
                 formatSi(y, plane == MdPlane::a ? Dimension::flopsPerS : Dimension::bytesPerS)));
}

// "measured 20.0 ms · bound 10.0 ms, compute-bound", or why there is no bound.
QString timing(double measuredS, const std::optional<MdBound>& bound, const std::string& error) {
    QString text = QObject::tr("measured %1").arg(seconds(measuredS));
    if (!bound)
        return text +
               (error.empty()
                    ? QObject::tr(" · no bound")
                    : QObject::tr(" · no bound: %1").arg(elide(QString::fromStdString(error), 80)));
    text += QObject::tr(" · bound %1").arg(seconds(bound->boundS));
    if (bound->bottleneck != Bottleneck::none)
        text +=
            QObject::tr(", %1-bound").arg(QString::fromUtf8(toString(bound->bottleneck).data()));
    return text;
}

// Why a point is grey: the plane whose premise holds for it instead; empty where it is not.
QString otherPlane(MdPlane plane, MdPlane commPlane) {
    if (plane == MdPlane::a || plane == commPlane)
        return {};
    return QObject::tr("\nGrey: the %1 plane applies to it")
        .arg(commPlane == MdPlane::o ? QStringLiteral("O") : QStringLiteral("C"));
}

} // namespace

QString mdPhaseName(Phase phase) {
    return phase == Phase::communication ? QObject::tr("gradient sync")
                                         : QString::fromUtf8(toString(phase).data());
}

QString mdOpTip(MdPlane plane, const Dataset& dataset, const MdOpResult& op, double x, double y,
                bool ranks) {
    const OpRecord& r = dataset.records[static_cast<std::size_t>(op.record)];
    QString where = QString::fromStdString(dataset.context.label);
    if (ranks)
        where += QObject::tr(" · rank %1").arg(r.rank);
    where += QStringLiteral(" · ") + mdPhaseName(r.phase);
    return elide(QString::fromStdString(r.name), 80) + '\n' + where + '\n' +
           timing(op.measuredS.value_or(0), op.bound, op.error) + '\n' + coordinates(plane, x, y) +
           otherPlane(plane, op.planes.commPlane);
}

QString mdAggregateTip(MdPlane plane, const MdAggregate& aggregate, double x, double y) {
    return QString::fromStdString(aggregate.label) + '\n' +
           QObject::tr("%n op(s) · ", nullptr, aggregate.opCount) +
           timing(aggregate.measuredS.value_or(0), aggregate.bound, aggregate.error) + '\n' +
           coordinates(plane, x, y) + otherPlane(plane, aggregate.planes.commPlane);
}

} // namespace roofscope::ui
