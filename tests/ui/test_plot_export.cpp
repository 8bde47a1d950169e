// The exporter on the session fixture, offscreen: each format's file, the PNG's pixel size from
// width, height and DPI, report fonts on every text, the tables agreeing with core's points, and
// the File > Export… dialog (format, size, file, remembered choices, errors shown in place).
#include "core/session_file.h"
#include "ui/export_dialog.h"
#include "ui/plot_export.h"
#include "ui/roofline_plot.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace roofscope;
using namespace roofscope::ui;

Q_DECLARE_METATYPE(roofscope::ui::ExportFormat)

namespace {

Session fixture() {
    auto loaded = readSessionFile(ROOFSCOPE_TEST_DATA "/session-v1.roofscope");
    return loaded ? loaded.value() : Session{};
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestPlotExport : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // QSettings in a test folder
        QSettings().clear();
        QVERIFY(dir_.isValid());
        QCOMPARE(fixture().datasets.size(), std::size_t(1));
    }

    void formatForPath_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("format"); // -1: none
        QTest::newRow("png") << "a/b.png" << int(ExportFormat::png);
        QTest::newRow("upper") << "B.PDF" << int(ExportFormat::pdf);
        QTest::newRow("svg") << "x.y.svg" << int(ExportFormat::svg);
        QTest::newRow("csv") << "t.csv" << int(ExportFormat::csv);
        QTest::newRow("json") << "t.json" << int(ExportFormat::json);
        QTest::newRow("txt") << "t.txt" << -1;
        QTest::newRow("none") << "roofline" << -1;
        QTest::newRow("dot folder") << "/tmp/a.png/file" << -1;
    }
    void formatForPath() {
        QFETCH(QString, path);
        QFETCH(int, format);
        const auto f = exportFormatForPath(path);
        QCOMPARE(f ? int(*f) : -1, format);
    }

    // round(width x dpi / 96) by round(height x dpi / 96), the DPI recorded in the file.
    void pngSize_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("dpi");
        QTest::addColumn<QSize>("pixels");
        QTest::newRow("96 dpi") << 640 << 400 << 96 << QSize(640, 400);
        QTest::newRow("default") << 1000 << 625 << 144 << QSize(1500, 938);
        QTest::newRow("print") << 600 << 450 << 300 << QSize(1875, 1406);
    }
    void pngSize() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, dpi);
        const QString path = dir_.filePath(QStringLiteral("size-%1.png").arg(dpi));
        const Status s = exportSession(fixture(), path, ExportFormat::png, {width, height, dpi});
        QVERIFY2(s.ok(), s.error().toString().c_str());
        const QImage image(path);
        QTEST(image.size(), "pixels");
        QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), dpi);
    }

    void vectorFormats() {
        const QString pdf = dir_.filePath(QStringLiteral("v.pdf"));
        const QString svg = dir_.filePath(QStringLiteral("v.svg"));
        QVERIFY(exportSession(fixture(), pdf, ExportFormat::pdf, {800, 500, 96}).ok());
        QVERIFY(exportSession(fixture(), svg, ExportFormat::svg, {800, 500, 96}).ok());
        QVERIFY(readAll(pdf).startsWith("%PDF-"));
        // 800 x 500 CSS pixels are 600 x 375 points.
        static const QRegularExpression mediaBox(
            QStringLiteral(R"(/MediaBox \[0 0 600(\.0*)? 375(\.0*)?\])"));
        QVERIFY(mediaBox.match(QString::fromLatin1(readAll(pdf))).hasMatch());
        QVERIFY(readAll(svg).contains("viewBox=\"0 0 800 500\""));
    }

    // Every text of an exported plot uses the report font at 11 px (8.25 pt) or more.
    void reportFonts() {
        RooflinePlot plot;
        preparePlot(plot, fixture(), {});
        QVERIFY(plot.legend->font().pixelSize() >= 11);
        for (QCPAxis* axis : {plot.xAxis, plot.yAxis}) {
            QVERIFY(axis->labelFont().pixelSize() >= 13);
            QVERIFY(axis->tickLabelFont().pixelSize() >= 12);
        }
        int texts = 0;
        for (int i = 0; i < plot.itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(plot.item(i))) {
                QVERIFY(t->font().pixelSize() >= 11);
                QCOMPARE(t->font().styleHint(), QFont::SansSerif);
                ++texts;
            }
        QVERIFY(texts > 0); // the roof labels
    }

    // The fixture's view is hierarchical at L2; its GEMM also has DRAM bytes: a second point.
    void hierarchicalLevels() {
        Session session = fixture();
        RooflinePlot classic, hierarchical;
        session.view.view = ViewKind::roofline;
        preparePlot(classic, session, {});
        session.view.view = ViewKind::hierarchical;
        preparePlot(hierarchical, session, {});
        QCOMPARE(hierarchical.graphCount(), classic.graphCount() + 1);
    }

    // Every analysis view draws its chart into images and writes its table into CSV and JSON.
    void analysisViews_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("format");
        for (const char* view :
             {"md_roofline", "comparison", "placement", "matrix", "cost", "time_based"})
            for (const char* format : {"png", "pdf", "svg", "csv", "json"})
                QTest::addRow("%s %s", view, format)
                    << QString::fromLatin1(view) << QString::fromLatin1(format);
    }
    void analysisViews() {
        QFETCH(QString, view);
        QFETCH(QString, format);
        Session session = fixture();
        session.view.view = *parseEnum<ViewKind>(view.toStdString());
        const QString path = dir_.filePath(view + QLatin1Char('.') + format);
        const Status s =
            exportSession(session, path, *parseExportFormat(format), ExportOptions{600, 400, 96});
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().toString().c_str());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        if (format == QStringLiteral("png")) {
            QCOMPARE(QImage::fromData(bytes).size(), QSize(600, 400));
        } else if (format == QStringLiteral("json")) {
            const QJsonObject doc = QJsonDocument::fromJson(bytes).object();
            const QString schema = doc.value(QStringLiteral("schema")).toString();
            QVERIFY2(schema.startsWith(QStringLiteral("roofscope.")), qPrintable(schema));
            QVERIFY(doc.value(QStringLiteral("columns")).toArray().size() > 3);
        } else if (format == QStringLiteral("csv")) {
            QVERIFY(bytes.contains("\r\n"));
        } else {
            QVERIFY(bytes.size() > 1000);
        }
    }

    // The tables hold core's numbers, a row per point, names quoted where CSV needs it.
    void tables() {
        Session session = fixture();
        session.datasets[0].records[0].name = "gemm<float, \"tn\">";
        const PlotPoints points = plotPoints(session);
        QVERIFY(!points.points.empty());
        const QJsonObject root = QJsonDocument::fromJson(pointsJson(session, points)).object();
        const QJsonArray rows = root[QStringLiteral("points")].toArray();
        QCOMPARE(rows.size(), qsizetype(points.points.size()));
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const PlotPoint& p = points.points[std::size_t(i)];
            const QJsonObject o = rows[i].toObject();
            QCOMPARE(o[QStringLiteral("intensity_flop_per_byte")].toDouble(), p.intensity);
            if (std::isnan(p.attainableFlopsPerS))
                QVERIFY(o[QStringLiteral("roof_flop_per_s")].isNull());
            else
                QCOMPARE(o[QStringLiteral("roof_flop_per_s")].toDouble(), p.attainableFlopsPerS);
            QCOMPARE(o[QStringLiteral("memory_level")].toString(),
                     QString::fromUtf8(toString(p.level).data()));
        }
        QCOMPARE(root[QStringLiteral("devices")].toArray().size(), 1);
        const QString csv = QString::fromUtf8(pointsCsv(session, points));
        QVERIFY(csv.startsWith(pointsCsvHeader().join(QLatin1Char(',')) + QLatin1Char('\n')));
        QVERIFY2(csv.contains(QStringLiteral("\"gemm<float, \"\"tn\"\">\"")), qPrintable(csv));
    }

    void dialogExportsAndRemembers() {
        const QString path = dir_.filePath(QStringLiteral("dialog.svg"));
        {
            ExportDialog dialog(fixture());
            QSignalSpy exported(&dialog, &ExportDialog::exported);
            dialog.show();
            dialog.setPath(dir_.filePath(QStringLiteral("dialog.png")));
            auto* format = dialog.findChild<QComboBox*>(QStringLiteral("format"));
            format->setCurrentIndex(format->findData(QStringLiteral("svg")));
            // The extension follows the format; DPI only matters for PNG.
            QCOMPARE(dialog.path(), path);
            QVERIFY(!dialog.findChild<QSpinBox*>(QStringLiteral("dpi"))->isEnabled());
            dialog.findChild<QSpinBox*>(QStringLiteral("width"))->setValue(700);
            dialog.findChild<QSpinBox*>(QStringLiteral("height"))->setValue(420);
            auto* buttons = dialog.findChild<QDialogButtonBox*>();
            QTest::mouseClick(buttons->button(QDialogButtonBox::Save), Qt::LeftButton);
            QCOMPARE(exported.count(), 1);
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
            QVERIFY(readAll(path).contains("viewBox=\"0 0 700 420\""));
        }
        ExportDialog again(fixture());
        QVERIFY(again.format() == ExportFormat::svg);
        QCOMPARE(again.path(), path);
        QCOMPARE(again.options().width, 700);
        QCOMPARE(again.options().height, 420);
    }

    void dialogShowsErrors() {
        ExportDialog dialog(fixture());
        dialog.show();
        dialog.setFormat(ExportFormat::csv);
        dialog.setPath(QStringLiteral("/nonexistent/folder/points.csv"));
        QSignalSpy exported(&dialog, &ExportDialog::exported);
        dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save)->click();
        QCOMPARE(exported.count(), 0);
        QVERIFY(dialog.isVisible()); // stays open to correct the choice
        auto* error = dialog.findChild<QLabel*>(QStringLiteral("error"));
        QVERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("/nonexistent/folder/points.csv")),
                 qPrintable(error->text()));
    }
};

QTEST_MAIN(TestPlotExport)
#include "test_plot_export.moc"
