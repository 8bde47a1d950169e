// The analytic zoo against published figures and hand arithmetic: parameter counts, forward
// FLOPs, the training expansion, data-parallel communication, and bounds on catalog devices.
#include "core/ceilings_file.h"
#include "core/zoo/model_report.h"
#include "core/zoo/model_zoo.h"

#include <QDir>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace roofscope;

namespace {

ModelWorkload build(const char* name, ModelOptions o) {
    auto w = buildModel(name, o);
    if (!w)
        qFatal("%s: %s", name, w.error().toString().c_str());
    return std::move(w).value();
}

double sumFlops(const ModelWorkload& w, std::initializer_list<Category> categories,
                Phase phase = Phase::forward) {
    double sum = 0;
    for (const auto& l : w.layers)
        if (l.phase == phase &&
            std::find(categories.begin(), categories.end(), l.category) != categories.end())
            sum += l.flops;
    return sum;
}

Device catalogDevice(const char* id) {
    const auto devices =
        readCeilingsFile(QDir(ROOFSCOPE_DEVICE_DIR).filePath(QString(id) + ".json").toStdString());
    if (!devices)
        qFatal("%s", devices.error().toString().c_str());
    return devices.value().front();
}

} // namespace

class TestModelZoo : public QObject {
    Q_OBJECT

  private slots:
    void listsTheModels() {
        QStringList names;
        for (const auto& m : zooModels())
            names << QString::fromUtf8(m.name.data(), int(m.name.size()));
        QCOMPARE(names,
                 QStringList({"resnet50", "bert-large", "gpt", "dlrm", "maskrcnn-backbone"}));
    }

    void parameterCounts_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<double>("params");
        // torchvision resnet50: 25,557,032 parameters.
        QTest::newRow("resnet50") << "resnet50" << 25557032.0;
        // Hugging Face BertModel (bert-large): 335,141,888 = embeddings 31,782,912
        // + 24 x 12,596,224 + pooler 1,049,600.
        QTest::newRow("bert-large") << "bert-large" << 335141888.0;
        // LLaMA-7B: 2 x 32000 x 4096 + 32 x (4 x 4096^2 + 3 x 4096 x 11008 + 2 x 4096) + 4096.
        QTest::newRow("gpt (LLaMA-7B)") << "gpt" << 6738415616.0;
        // DLRM Kaggle: 33,762,577 rows x 16 = 540,201,232; bottom MLP 155,984; top MLP 320,001.
        QTest::newRow("dlrm") << "dlrm" << 540677217.0;
        // ResNet-50 trunk without fc: 25,557,032 - 2,049,000 = 23,508,032; FPN lateral 1x1 convs
        // 256 x (256 + 512 + 1024 + 2048) + 4 x 256 = 984,064; output 3x3 convs
        // 4 x (256 x 256 x 9 + 256) = 2,360,320.
        QTest::newRow("maskrcnn-backbone") << "maskrcnn-backbone" << 26852416.0;
    }
    void parameterCounts() {
        QFETCH(QString, model);
        QFETCH(double, params);
        ModelOptions o;
        o.mode = RunMode::inference;
        QCOMPARE(build(model.toUtf8().constData(), o).totalParams(), params);
    }

    void resnet50ForwardFlops() {
        ModelOptions o;
        o.batch = 1;
        o.mode = RunMode::inference;
        const ModelWorkload w = build("resnet50", o);
        // He et al. report 3.8 G multiply-adds for v1; torchvision's v1.5 (stride on the 3x3)
        // has 4.09 G: 8.18 GFLOP per 224x224 image in convolutions and the classifier.
        const double products = sumFlops(w, {Category::conv, Category::gemm});
        QVERIFY2(products > 8.1e9 && products < 8.3e9, qPrintable(QString::number(products)));
        // Batch scales linearly.
        o.batch = 8;
        QCOMPARE(sumFlops(build("resnet50", o), {Category::conv, Category::gemm}), 8 * products);
    }

    void bertForwardFlops() {
        ModelOptions o;
        o.batch = 1;
        o.seqLen = 512;
        o.mode = RunMode::inference;
        const ModelWorkload w = build("bert-large", o);
        // Per layer and token: 2 x 12 h^2 in the projections (h = 1024) = 25,165,824 FLOP;
        // attention 2 x 2 x s x h = 2,097,152 FLOP. 24 layers x 512 tokens, plus the pooler
        // 2 x 1024^2 on one token: 24 x 512 x 27,262,976 + 2,097,152 = 337,012,588,544... the
        // projections and attention alone:
        const double expected = 24.0 * 512 * (25165824.0 + 2097152.0) + 2.0 * 1024 * 1024;
        QCOMPARE(sumFlops(w, {Category::gemm, Category::attention}), expected);
    }

    void trainingTriplesTheProducts() {
        ModelOptions o;
        o.batch = 4;
        o.mode = RunMode::training;
        const ModelWorkload w = build("bert-large", o);
        // GEMM backward: grad input and grad weight, 2x. Attention backward as flop_counter:
        // 2bhs^2(3d + 2d) = 2.5x the forward's 2bhs^2(2d).
        QCOMPARE(sumFlops(w, {Category::gemm}, Phase::backward),
                 2 * sumFlops(w, {Category::gemm}, Phase::forward));
        QCOMPARE(sumFlops(w, {Category::attention}, Phase::backward),
                 2.5 * sumFlops(w, {Category::attention}, Phase::forward));
        // Every forward layer has its backward, plus one AdamW step over all parameters.
        int forward = 0, backward = 0, optimizer = 0, communication = 0;
        for (const auto& l : w.layers) {
            forward += l.phase == Phase::forward;
            backward += l.phase == Phase::backward;
            optimizer += l.phase == Phase::optimizer;
            communication += l.phase == Phase::communication;
        }
        QCOMPARE(backward, forward);
        QCOMPARE(optimizer, 1);
        QCOMPARE(communication, 0);
        // AdamW: 14 FLOP per parameter.
        QCOMPARE(w.layers.back().flops, 14.0 * 335141888.0);
        QCOMPARE(w.totalParams(), 335141888.0);
    }

    void dataParallelAllReduce_data() {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("factor");
        QTest::newRow("2 ranks") << 2 << 1.0;
        QTest::newRow("8 ranks") << 8 << 1.75;
    }
    void dataParallelAllReduce() {
        QFETCH(int, ranks);
        QFETCH(double, factor);
        ModelOptions o;
        o.dataParallel = ranks;
        const ModelWorkload w = build("resnet50", o);
        const auto sync = std::find_if(w.layers.begin(), w.layers.end(),
                                       [](const ZooLayer& l) { return l.collective.has_value(); });
        QVERIFY(sync != w.layers.end());
        QVERIFY(sync->phase == Phase::communication);
        // bf16 gradients: 25,557,032 x 2 bytes, sent 2(n-1)/n times.
        QCOMPARE(sync->commBytes, 25557032.0 * 2 * factor);
    }

    void rejectsBadOptions_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("batch");
        QTest::addColumn<int>("seq");
        QTest::addColumn<int>("precision");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("unknown") << "alexnet" << 0 << 0 << int(Precision::bf16)
                                 << "known: resnet50";
        QTest::newRow("negative batch") << "resnet50" << -1 << 0 << int(Precision::bf16) << "batch";
        QTest::newRow("bert too long")
            << "bert-large" << 0 << 1024 << int(Precision::bf16) << "512";
        QTest::newRow("int8") << "gpt" << 0 << 0 << int(Precision::int8) << "int8";
    }
    void rejectsBadOptions() {
        QFETCH(QString, model);
        QFETCH(int, batch);
        QFETCH(int, seq);
        QFETCH(int, precision);
        QFETCH(QString, fragment);
        ModelOptions o;
        o.batch = batch;
        o.seqLen = seq;
        o.precision = static_cast<Precision>(precision);
        const auto w = buildModel(model.toStdString(), o);
        QVERIFY(!w);
        QVERIFY2(QString::fromStdString(w.error().message).contains(fragment),
                 w.error().message.c_str());
    }

    void everyModelIsBoundedOnCatalogGpus_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("device");
        for (const auto& m : zooModels())
            for (const char* d : {"nvidia-a100-sxm4-80gb", "nvidia-h100-sxm5-80gb", "amd-mi300x"})
                QTest::newRow((std::string(m.name) + " on " + d).c_str())
                    << QString::fromUtf8(m.name.data(), int(m.name.size())) << d;
    }
    void everyModelIsBoundedOnCatalogGpus() {
        QFETCH(QString, model);
        QFETCH(QString, device);
        ModelOptions o;
        o.dataParallel = 8;
        const ModelWorkload w = build(model.toUtf8().constData(), o);
        const auto d = boundOnDevice(w, catalogDevice(device.toUtf8().constData()));
        QVERIFY2(d, d ? "" : d.error().toString().c_str());
        QCOMPARE(d.value().records.size(), w.layers.size());
        for (const auto& r : d.value().records) {
            QVERIFY(r.timeS.origin == Origin::estimated);
            QVERIFY2(r.timeS.value > 0, r.name.c_str());
        }
    }

    void fasterDeviceHasSmallerBound() {
        const ModelWorkload w = build("bert-large", ModelOptions{});
        double total[2] = {0, 0};
        int i = 0;
        for (const char* id : {"nvidia-a100-sxm4-80gb", "nvidia-h100-sxm5-80gb"}) {
            const auto d = boundOnDevice(w, catalogDevice(id));
            QVERIFY(d);
            for (const auto& r : d.value().records)
                total[i] += r.timeS.value;
            ++i;
        }
        // H100 SXM: 989 vs 312 TFLOP/s bf16 tensor, 3.35 vs 2.04 TB/s: between 1.6x and 3.2x.
        const double speedup = total[0] / total[1];
        QVERIFY2(speedup > 1.6 && speedup < 3.2, qPrintable(QString::number(speedup)));
    }

    void jsonReport() {
        ModelOptions o;
        o.batch = 2;
        const ModelWorkload w = build("dlrm", o);
        const auto text = modelReportJson(w, catalogDevice("nvidia-h100-sxm5-80gb"));
        QVERIFY(text);
        const auto j = nlohmann::json::parse(text.value());
        QCOMPARE(QString::fromStdString(j["model"].get<std::string>()), QString("dlrm"));
        QCOMPARE(j["batch"].get<int>(), 2);
        QCOMPARE(QString::fromStdString(j["mode"].get<std::string>()), QString("training"));
        QCOMPARE(j["layers"].size(), w.layers.size());
        double bound = 0;
        for (const auto& layer : j["layers"]) {
            for (const char* key :
                 {"name", "kind", "phase", "flops", "bytes", "params", "bound_s", "bottleneck"})
                QVERIFY2(layer.contains(key), key);
            bound += layer["bound_s"].get<double>();
        }
        QVERIFY(qFuzzyCompare(j["totals"]["bound_s"].get<double>(), bound));
        QCOMPARE(j["totals"]["params"].get<double>(), 540677217.0);
        // Embedding lookups of a recommendation model are memory-bound.
        QCOMPARE(QString::fromStdString(j["layers"][8]["bottleneck"].get<std::string>()),
                 QString("memory"));
    }

    void textReport() {
        ModelOptions o;
        o.mode = RunMode::inference;
        o.batch = 1;
        const auto text =
            modelReportText(build("resnet50", o), catalogDevice("nvidia-a100-sxm4-80gb"));
        QVERIFY(text);
        const QString t = QString::fromStdString(text.value());
        QVERIFY(t.contains("layer4.2.conv3"));
        QVERIFY(t.contains("25.6 M parameters"));
        QVERIFY(t.contains("bound per step"));
    }
};

QTEST_APPLESS_MAIN(TestModelZoo)
#include "test_model_zoo.moc"
