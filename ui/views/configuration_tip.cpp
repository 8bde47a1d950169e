#include "ui/views/configuration_tip.h"

#include "core/analysis/compare_tables.h"
#include "core/units.h"
#include "ui/views/chart_frame.h"

#include <QObject>
#include <QStringList>

#include <cmath>

namespace roofscope::ui {

double costScaleFor(double cost) {
    return cost >= 0.1 ? 1 : cost >= 1e-4 ? 1e3 : 1e6;
}

QString costPerText(double scale) {
    return scale == 1     ? QObject::tr("per iteration")
           : scale == 1e3 ? QObject::tr("per 1,000 iterations")
                          : QObject::tr("per million iterations");
}

QString configurationTip(const Session& session, const Configuration& k, double costScale) {
    QStringList lines{k.model.empty() ? QObject::tr("(no model)") : QString::fromStdString(k.model),
                      QString::fromStdString(configurationLabel(session, k))};
    if (k.n == 0) {
        lines << QObject::tr("no timed runs");
    } else {
        QString time = QString::fromStdString(formatSi(k.meanS, Dimension::time));
        // The error as the matrix labels it: two digits.
        if (!std::isnan(k.stderrS))
            time += QStringLiteral(" ± ") +
                    QString::fromStdString(formatSi(k.stderrS, Dimension::time, 2));
        time += QObject::tr(" over %n repeat(s)", nullptr, k.n);
        if (k.fewRepeats)
            time += QObject::tr(" (fewer than %1)").arg(kRecommendedRepeats);
        lines << time;
    }
    if (!k.pricePerHour) {
        lines << QObject::tr("no price per device-hour");
    } else if (!std::isnan(k.costPerIteration)) {
        const double scale = costScale > 0 ? costScale : costScaleFor(k.costPerIteration);
        lines << QObject::tr("cost %1 %2 at %3 per device-hour")
                     .arg(QString::number(k.costPerIteration * scale, 'g', 3), costPerText(scale),
                          QString::number(*k.pricePerHour, 'g', 3));
    }
    QStringList runs;
    for (const int d : k.datasets)
        runs << QString::fromStdString(session.datasets[static_cast<std::size_t>(d)].context.label);
    if (!runs.isEmpty())
        lines << elide(QObject::tr("runs: %1").arg(runs.join(QStringLiteral(", "))), 100);
    if (k.untimed > 0)
        lines << QObject::tr("%n run(s) without times", nullptr, k.untimed);
    return lines.join('\n');
}

} // namespace roofscope::ui
