package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// speedSpreadLimit is the spread, in percent, above which a figure is marked
// (speedSpreadMark) and the table is followed by a warning.
const speedSpreadLimit = 10.0

// speedSpreadMark marks a figure whose spread exceeds speedSpreadLimit.
const speedSpreadMark = "†"

// speedStats is what the rounds of one figure say: the median that the
// tables print, the extremes, and the rounds themselves in the order they
// were measured.
//
// SpreadPct is how far the rounds strayed from the median, in percent of
// it: the larger of max−median and median−min, over the median. Every round
// lies within ±SpreadPct % of the median. It is nil for a figure measured
// once (-rounds 1, or OpenSSL failing in every other round).
type speedStats struct {
	Median    float64   `json:"median"`
	Min       float64   `json:"min"`
	Max       float64   `json:"max"`
	SpreadPct *float64  `json:"spread_pct"`
	Rounds    []float64 `json:"rounds"`
}

// newSpeedStats summarizes the values of one figure's rounds; nil for none.
func newSpeedStats(xs []float64) *speedStats {
	if len(xs) == 0 {
		return nil
	}
	s := &speedStats{Median: median(xs), Min: slices.Min(xs), Max: slices.Max(xs), Rounds: slices.Clone(xs)}
	if len(xs) > 1 && s.Median > 0 {
		p := math.Max(s.Max-s.Median, s.Median-s.Min) / s.Median * 100
		s.SpreadPct = &p
	}
	return s
}

// noisy reports whether the figure's spread exceeds speedSpreadLimit, as
// printed (to a tenth of a percent), so that "±10.0%" is never marked.
func (s *speedStats) noisy() bool {
	return s != nil && s.SpreadPct != nil && math.Round(*s.SpreadPct*10)/10 > speedSpreadLimit
}

// speedFigures are the statistics of a row's figures; Go and OpenSSL are nil
// where the row has no such figure. GoAlt is the figure of the Go peer that
// the Go column does not show, for a row with two (speedRow.GoAltPeer);
// nil for the others.
type speedFigures struct {
	Crypton *speedStats `json:"crypton"`
	Go      *speedStats `json:"go"`
	GoAlt   *speedStats `json:"go_alt"`
	OpenSSL *speedStats `json:"openssl"`
}

// each calls f with the column name and statistics of each figure present
// ("other Go peer" for GoAlt).
func (f speedFigures) each(fn func(name string, s *speedStats)) {
	for _, x := range []struct {
		name string
		s    *speedStats
	}{{"crypton", f.Crypton}, {"Go", f.Go}, {"other Go peer", f.GoAlt}, {"OpenSSL", f.OpenSSL}} {
		if x.s != nil {
			fn(x.name, x.s)
		}
	}
}

// fmtPct formats a spread: one decimal below 100 %, none from there on.
func fmtPct(p float64) string {
	if p < 100 {
		return strconv.FormatFloat(p, 'f', 1, 64)
	}
	return strconv.FormatFloat(p, 'f', 0, 64)
}

// optSpread is a spread cell of the CSV: the percentage, or empty.
func optSpread(s *speedStats) string {
	if s == nil || s.SpreadPct == nil {
		return ""
	}
	return fmtPct(*s.SpreadPct)
}

// optMedian is a median for the CSV, or empty.
func optMedian(s *speedStats) string {
	if s == nil {
		return ""
	}
	return fmtValue(s.Median)
}

// optMin and optMax are the extremes for the CSV, or empty.
func optMin(s *speedStats) string {
	if s == nil {
		return ""
	}
	return fmtValue(s.Min)
}

func optMax(s *speedStats) string {
	if s == nil {
		return ""
	}
	return fmtValue(s.Max)
}

// figureCell is a figure of the text and Markdown tables: the median, then
// its spread as "±P%" when it was measured more than once, then
// speedSpreadMark when the spread exceeds speedSpreadLimit. Empty when the
// row has no such figure.
func figureCell(v *float64, s *speedStats) string {
	if v == nil {
		return ""
	}
	c := fmtValue(*v)
	if s != nil && s.SpreadPct != nil {
		c += " ±" + fmtPct(*s.SpreadPct) + "%"
		if s.noisy() {
			c += " " + speedSpreadMark
		}
	}
	return c
}

// statsText is a figure in a note: "43.3 µs/op ±1.2%", without the spread
// when it was measured once.
func statsText(s *speedStats, unit string) string {
	t := fmtValue(s.Median) + " " + unit
	if s.SpreadPct != nil {
		t += " ±" + fmtPct(*s.SpreadPct) + "%"
	}
	return t
}

// speedSpreadLine is the "Spread" line of the table's header: what ±P% and
// the mark mean, or that a single round has no spread.
func speedSpreadLine(rounds int) string {
	if rounds < 2 {
		return "none: -rounds 1 measures each figure once, so nothing shows how far it would move; use -rounds 3 or more"
	}
	return fmt.Sprintf("±P%% after a figure: each of its %d rounds lies within P %% of the median printed (P = the larger of max−median and median−min, over the median); %s marks a spread above %g %%", rounds, speedSpreadMark, speedSpreadLimit)
}

// speedSpreadWarning heads the list of figures whose spread exceeds
// speedSpreadLimit, under the table.
var speedSpreadWarning = fmt.Sprintf("%s spread above %g %%: the machine was busy while these were measured, so their figures and ratios are not to be trusted; rerun with more -rounds (or on a quieter machine):", speedSpreadMark, speedSpreadLimit)

// speedSpreadWarnings names, one row at a time, the figures whose spread
// exceeds speedSpreadLimit, with their spread and extremes, such as
// "RSA-2048 sign: OpenSSL ±4205% (729.0–54545.0 µs/op)". Empty when all
// figures are steady.
func speedSpreadWarnings(rows []speedRow) []string {
	bad := []string{}
	for _, r := range rows {
		var figs []string
		r.Figures.each(func(name string, s *speedStats) {
			if s.noisy() {
				figs = append(figs, fmt.Sprintf("%s ±%s%% (%s–%s %s)", name, fmtPct(*s.SpreadPct), fmtValue(s.Min), fmtValue(s.Max), r.Unit))
			}
		})
		if len(figs) > 0 {
			bad = append(bad, r.Algorithm+": "+strings.Join(figs, ", "))
		}
	}
	return bad
}
