#include "core/import/ncu/ncu_csv.h"
#include "core/text_words.h"

#include "core/import/ncu/ncu_csv_tokens.h"
#include "core/import/ncu/ncu_records.h"
#include "core/units.h"

#include <optional>
#include <utility>

namespace roofscope {

const NcuMetric* NcuLaunch::metric(std::string_view name) const {
    const auto it = metrics.find(std::string(name));
    return it == metrics.end() ? nullptr : &it->second;
}

namespace {

using ncu::CsvField;

// Column indices of one header; -1 when the export lacks the column. Names are matched exactly
// because Nsight's spellings are stable while their order and number change between versions.
struct Header {
    NcuLayout layout = NcuLayout::longPage;
    std::int64_t line = 0;
    std::vector<std::string> names;
    std::vector<std::string> units; // raw page: the unit row; empty when the export had none
    bool unitRowPending = false;
    int id = -1, kernel = -1, process = -1, device = -1, context = -1, stream = -1;
    int metricName = -1, metricUnit = -1, metricValue = -1;
};

// Nsight metric names are "<unit>__<counter>..." (dram__bytes.sum); the raw page's descriptive
// columns ("Kernel Name", "Block Size") never contain "__".
bool isMetricColumn(std::string_view name) {
    return name.find("__") != std::string_view::npos;
}

std::optional<Header> readHeader(const std::vector<CsvField>& fields, std::int64_t line) {
    Header h;
    h.line = line;
    for (const auto& f : fields)
        h.names.push_back(f.value);
    bool anyMetric = false;
    for (int i = 0; i < static_cast<int>(h.names.size()); ++i) {
        const std::string& n = h.names[static_cast<std::size_t>(i)];
        int* slot = n == "ID"             ? &h.id
                    : n == "Kernel Name"  ? &h.kernel
                    : n == "Process ID"   ? &h.process
                    : n == "Device"       ? &h.device
                    : n == "Context"      ? &h.context
                    : n == "Stream"       ? &h.stream
                    : n == "Metric Name"  ? &h.metricName
                    : n == "Metric Unit"  ? &h.metricUnit
                    : n == "Metric Value" ? &h.metricValue
                                          : nullptr;
        if (slot && *slot < 0)
            *slot = i;
        anyMetric = anyMetric || isMetricColumn(n);
    }
    if (h.kernel < 0)
        return std::nullopt;
    if (h.metricName >= 0 && h.metricValue >= 0) {
        h.layout = NcuLayout::longPage;
    } else if (anyMetric) {
        h.layout = NcuLayout::rawPage;
        h.unitRowPending = true;
    } else {
        return std::nullopt;
    }
    return h;
}

class Parser {
  public:
    Parser(std::string file) { report_.file = std::move(file); }

    Result<NcuReport> run(std::string_view text) {
        std::optional<std::int64_t> firstRecord;
        for (const auto& line : ncu::splitLines(text)) {
            if (!ncu::looksLikeRecord(line.text))
                continue; // ==PROF== messages, the program's stdout, blank lines
            if (!firstRecord)
                firstRecord = line.number;
            auto fields = ncu::splitFields(line, report_.file);
            if (!header_) {
                // Before the first header anything may be the program's output: skip it.
                if (fields.ok())
                    startExport(fields.value(), line.number);
                continue;
            }
            if (!fields.ok())
                return fields.error();
            if (auto status = row(fields.value(), line.number); !status.ok())
                return status.error();
        }
        if (!header_) {
            SourceLocation where = inFile(report_.file);
            where.line = firstRecord.value_or(1);
            return makeError("no Nsight Compute CSV header: expected a row naming \"Kernel Name\" "
                             "and either \"Metric Name\" and \"Metric Value\" (long page) or "
                             "metric columns such as \"dram__bytes.sum\" (raw page)",
                             where);
        }
        return std::move(report_);
    }

  private:
    bool startExport(const std::vector<CsvField>& fields, std::int64_t line) {
        auto header = readHeader(fields, line);
        if (!header)
            return false;
        if (!header_)
            report_.layout = header->layout;
        header_ = std::move(header);
        return true;
    }

    SourceLocation at(std::int64_t line, std::int64_t column) const {
        SourceLocation where = inFile(report_.file);
        where.line = line;
        where.column = column;
        return where;
    }

    const std::string& field(const std::vector<CsvField>& fields, int index) const {
        static const std::string none;
        return index < 0 ? none : fields[static_cast<std::size_t>(index)].value;
    }

    Status row(const std::vector<CsvField>& fields, std::int64_t line) {
        // Concatenated exports repeat the header; its columns may differ from the first one's.
        if (startExport(fields, line))
            return {};
        const std::size_t expected = header_->names.size();
        // Some exports end every row (not the header) with a comma: one extra, empty field.
        const bool trailingComma =
            fields.size() == expected + 1 && fields.back().value.empty() && !fields.back().quoted;
        if (fields.size() != expected && !trailingComma)
            return makeError(
                "expected " + std::to_string(expected) + " fields as in the header on line " +
                    std::to_string(header_->line) + ", found " + std::to_string(fields.size()),
                at(line, fields.size() > expected ? fields[expected].column : 0));
        if (header_->unitRowPending) {
            header_->unitRowPending = false;
            // The raw page's unit row has empty descriptive columns where a launch has its ID.
            if (field(fields, header_->id >= 0 ? header_->id : header_->kernel).empty()) {
                for (const auto& f : fields)
                    header_->units.push_back(f.value);
                return {};
            }
        }
        NcuLaunch& launch = launchFor(fields, line);
        if (header_->layout == NcuLayout::longPage) {
            const auto& name = field(fields, header_->metricName);
            const auto& unit = field(fields, header_->metricUnit);
            return addValue(launch, name, unit,
                            fields[static_cast<std::size_t>(header_->metricValue)], line);
        }
        for (std::size_t i = 0; i < expected; ++i) {
            const std::string& name = header_->names[i];
            if (name.empty() || static_cast<int>(i) == header_->id ||
                static_cast<int>(i) == header_->kernel)
                continue;
            if (!isMetricColumn(name)) {
                if (!fields[i].value.empty())
                    launch.attributes.emplace(name, fields[i].value);
                continue;
            }
            const std::string unit = i < header_->units.size() ? header_->units[i] : std::string();
            if (auto status = addValue(launch, name, unit, fields[i], line); !status.ok())
                return status;
        }
        return {};
    }

    // The launch a row belongs to: by (ID, kernel name), so that a second export of the same run
    // (IDs from 0 again) adds its metrics to the same launches; without an ID column each raw row,
    // and each long-page run of rows until a metric repeats, is a new launch of its kernel.
    NcuLaunch& launchFor(const std::vector<CsvField>& fields, std::int64_t line) {
        const std::string& kernel = field(fields, header_->kernel);
        std::string id = field(fields, header_->id);
        if (header_->id < 0) {
            const bool sameAsLast =
                header_->layout == NcuLayout::longPage && last_ < report_.launches.size() &&
                report_.launches[last_].kernelName == kernel &&
                !report_.launches[last_].metrics.contains(field(fields, header_->metricName));
            if (sameAsLast)
                return report_.launches[last_];
            id = kernel + "#" + std::to_string(launchesOf_[kernel]++);
        }
        const auto key = std::make_pair(id, kernel);
        if (const auto it = index_.find(key); it != index_.end())
            return report_.launches[last_ = it->second];
        NcuLaunch launch;
        launch.id = std::move(id);
        launch.kernelName = kernel;
        launch.processId = field(fields, header_->process);
        launch.device = field(fields, header_->device);
        launch.context = field(fields, header_->context);
        launch.stream = field(fields, header_->stream);
        launch.firstLine = line;
        last_ = index_[key] = report_.launches.size();
        report_.launches.push_back(std::move(launch));
        return report_.launches.back();
    }

    Status addValue(NcuLaunch& launch, const std::string& name, const std::string& unit,
                    const CsvField& value, std::int64_t line) {
        const std::string_view text = trimBlanks(value.value);
        if (text.empty() || text == "n/a")
            return {}; // not collected for this launch or unsupported on this GPU: absent
        const bool needed = isNcuRooflineMetric(name);
        const auto number = parseNumber(text);
        if (!number.ok()) {
            if (unit.empty() && !needed) {
                launch.attributes.emplace(name, std::string(text));
                return {};
            }
            return makeError("metric '" + name + "': expected a number or \"n/a\", found '" +
                                 std::string(text) + "'",
                             at(line, value.column));
        }
        if (launch.metrics.contains(name))
            return {}; // the first export of a concatenation wins (GENE: cycles skew in run 2)
        NcuMetric metric;
        metric.sourceUnit = unit;
        const auto si = toSi(number.value(), unit);
        if (si.ok()) {
            metric.value = si.value().value;
        } else if (needed) {
            return makeError("metric '" + name + "': unit '" + unit + "' cannot be converted to SI",
                             at(line, value.column));
        } else {
            metric.value = number.value();
            metric.scaled = false;
        }
        launch.metrics.emplace(name, std::move(metric));
        return {};
    }

    NcuReport report_;
    std::optional<Header> header_;
    std::map<std::pair<std::string, std::string>, std::size_t> index_;
    std::map<std::string, std::size_t> launchesOf_;
    std::size_t last_ = static_cast<std::size_t>(-1);
};

} // namespace

Result<NcuReport> parseNcuCsv(std::string_view text, const std::string& file) {
    return Parser(file).run(text);
}

} // namespace roofscope
