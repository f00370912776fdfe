/// A GIFT file written from the rules (Moodle's documentation and `qformat_gift`), one
/// question per rule the importer must follow. ``GIFTRuleTests`` holds what each becomes.
enum RuleFixture {
    static let text = ##"""
        // Comment lines before any category: questions here have no category.
            // an indented comment is still a comment
        ::Plain TF::Water boils at 100 °C at sea level.{TRUE#It does, at sea level.#Right.}

        ::TF right only::The Earth is flat.{F##Correct, it is not.}

        ::TF general::Paris is in France.{T####Paris is the capital of France.}

        ::Lower-case true is short answer::Type the word true.{true}

        $CATEGORY: Mathematics/Algebra

        // [id:alg-001] [tag:algebra] [tag:week 1] [tag:a\]b]
        ::Partial credit::What is 2 + 2?{
        	=4#Right.
        	~%50%four#Spelled out, half credit.
        	~%-25%5#No.
        	####Add the numbers.
        }

        ::Thirds::Which are prime?{
        	~%33.33333%2
        	~%33.33333%3
        	~%33.33333%5
        	~%-100%4#Four is 2 × 2.
        }

        ::Rounded weight::Pick the best.{~%12.3456789%good ~%87.6543211%better ~worse}

        $CATEGORY: $course$/top/Default for Course//2024/Geometry

        ::Escapes\: all of them::Escaped \~ \= \# \{ \} \: \\ and a\nnew line.{
        	=a \= b#\{braces\} and \#hash
        	~c \~ d
        }

        ::Formats html::[html]<p>What is <b>bold</b>?</p>{=strong ~weak}

        [markdown]*Emphasis* is written with?{=asterisks ~hashes}

        ::Plain format::[plain]Is 1 < 2?{T}

        [moodle]Moodle auto-format.{=yes ~no}

        [unknown]Brackets that are no format stay text.{=yes ~no}

        ::Multi-line
        text::First line
        second line
        third line {=ok ~not ok}

        ::SA wildcard::Capital of France?{
        	=Paris#Right.
        	=%50%paris city#Close.
        	=%0%*#Any other answer.
        }

        ::SA single without equals::Which country has the most people?{India}

        ::Numerical forms::Give a number.{#
        	=2.5:0.5#Within half.
        	=%50%1..4#Roughly.
        	=%25%-10..-5
        	=%10%1.5e3
        	~#Not close at all.
        	####Numbers are fun.
        }

        ::Numerical negative::Below zero?{#-40:0.5}

        ::Matching distractors::Match the animal with its sound.{
        	=dog -> woof
        	=cat -> meow
        	= -> moo
        	= -> quack
        	####Cows moo, ducks quack.
        }

        ::Matching escapes::Match the symbols.{=\= -> equals =\~ -> tilde}

        ::Weight after equals::Moodle reads a weight after = as text.{=%50%half ~none}

        ::Spaces around markers::Odd spacing?{  =  yes  #  fine  ~  no  }

        """##
}
